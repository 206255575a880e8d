import CPNG
import Foundation
import CatalogModel

/// An image as 8-bit RGBA rows, read and written with libpng's simplified API (which reports a
/// bad file in its message instead of jumping out of the caller). Written images carry no time
/// or text chunks, so the same pixels always give the same bytes.
public struct PNGImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The largest image read: 40 million pixels (a 2,560 px wide page 15,000 px long; an example
    /// is far smaller), 160 MB decoded. A header that claims more is refused before any memory
    /// is taken for it; `size(of:)` reads the claim without decoding.
    public static let maximumPixels = 40_000_000

    /// The width and height a PNG's header (its IHDR chunk) says, without decoding anything;
    /// nil when the bytes do not start like a PNG.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        ScreenshotFiles.pngSize(bytes)
    }

    public static func decode(_ bytes: [UInt8]) throws(Unreadable) -> PNGImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard begun != 0 else { throw Unreadable(description: message(of: &image, or: "it is not a PNG file")) }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width * height <= maximumPixels else {
            throw Unreadable(description: "its header says \(width) × \(height) pixels, more than an example image can be")
        }
        image.format = cpng_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
        }
        guard finished != 0 else { throw Unreadable(description: message(of: &image, or: "its pixel data is damaged")) }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    /// The part of this image at `x`, `y` (from its top left) of `width` × `height` pixels,
    /// which must lie inside it.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PNGImage {
        precondition(x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= self.width && y + height <= self.height)
        var part = [UInt8]()
        part.reserveCapacity(width * height * 4)
        pixels.withUnsafeBufferPointer { whole in
            for row in y..<(y + height) {
                let start = (row * self.width + x) * 4
                part.append(contentsOf: whole[start..<(start + width * 4)])
            }
        }
        return PNGImage(width: width, height: height, pixels: part)
    }

    public func encode() -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = cpng_format_rgba()
        var size = 0
        // First the size, then the bytes.
        let sized = pixels.withUnsafeBytes { buffer in
            png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard sized != 0, size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = pixels.withUnsafeBytes { buffer in
            bytes.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, buffer.baseAddress, Int32(width * 4), nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { return [] }
        return Array(bytes.prefix(size))
    }

    private static func message(of image: inout png_image, or fallback: String) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? fallback : text
    }
}
