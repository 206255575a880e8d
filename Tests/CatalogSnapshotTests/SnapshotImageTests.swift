import Foundation
import Testing
import CatalogCore
import CatalogSource
import CatalogSnapshot
import CatalogTestSupport

/// The parts of `snapshot` that need no browser: PNG through libpng, the perceptual difference,
/// and `snapshots:` in catalog.yaml. (Drawing is Tests/snapshot/test_snapshot.py.)
@Suite("Snapshot images")
struct SnapshotImageTests {
    static func image(_ width: Int, _ height: Int, _ colour: (UInt8, UInt8, UInt8, UInt8)) -> PNGImage {
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) { pixels += [colour.0, colour.1, colour.2, colour.3] }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    @Test func anImageSurvivesARoundTripAndEncodesTheSameTwice() throws {
        var picture = Self.image(7, 5, (10, 200, 30, 255))
        picture.pixels[4 * 8] = 255
        picture.pixels[4 * 8 + 3] = 128
        let bytes = picture.encode()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGImage.decode(bytes) == picture)
        #expect(picture.encode() == bytes, "the same pixels, the same bytes")
    }

    /// #55 7: the shots of a page are drawn as one band and cut from it; a cut is exactly the
    /// pixels at its place (each pixel here says its own column and row).
    @Test func aCutIsThePixelsAtItsPlace() {
        var pixels: [UInt8] = []
        for row in 0..<6 { for column in 0..<9 { pixels += [UInt8(column), UInt8(row), 7, 255] } }
        let band = PNGImage(width: 9, height: 6, pixels: pixels)
        let cut = band.cropped(x: 2, y: 3, width: 4, height: 2)
        #expect(cut.width == 4 && cut.height == 2)
        var expected: [UInt8] = []
        for row in 3..<5 { for column in 2..<6 { expected += [UInt8(column), UInt8(row), 7, 255] } }
        #expect(cut.pixels == expected)
        #expect(band.cropped(x: 0, y: 0, width: 9, height: 6) == band)
    }

    /// #52 17: a small file whose header claims 16,384 × 16,384 pixels is measured from its
    /// header and refused before anything is allocated for it.
    @Test func aHugeClaimedSizeIsReadFromTheHeaderAndRefused() throws {
        var bytes = Self.image(4, 4, (10, 20, 30, 255)).encode()
        #expect(PNGImage.size(of: bytes)! == (4, 4))
        // The IHDR's width and height (bytes 16–23), claimed 16,384 each.
        for offset in [16, 20] { bytes.replaceSubrange(offset..<(offset + 4), with: [0, 0, 0x40, 0]) }
        // With the chunk's CRC made right again, as a hostile file would have it.
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[12..<29] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(PNGImage.size(of: bytes)! == (16_384, 16_384))
        // Refused from the header, before any memory is taken for its pixels.
        #expect { try PNGImage.decode(bytes) } throws: { error in
            "\(error)".contains("its header says 16384 × 16384 pixels")
        }
        #expect(PNGImage.size(of: Array("not a png at all, not at all".utf8)) == nil)
    }

    @Test func aCorruptFileIsAnErrorNotACrash() {
        for bytes: [UInt8] in [[], Array("not a png".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], Array(Self.image(4, 4, (1, 2, 3, 255)).encode().prefix(40))] {
            #expect(throws: PNGImage.Unreadable.self) { try PNGImage.decode(bytes) }
        }
    }

    @Test func identicalImagesDifferInNoPixel() {
        let picture = Self.image(20, 10, (30, 90, 200, 255))
        let result = PixelDifference.compare(picture, picture, threshold: 0.1)
        #expect(result.changed == 0 && result.total == 200 && result.share == 0)
    }

    @Test func aChangedAreaIsCountedAndDrawnInRed() {
        let old = Self.image(20, 10, (255, 255, 255, 255))
        var new = old
        // A 4 × 3 block turned dark red: far past the threshold, and not a smoothed edge.
        for y in 3..<6 { for x in 5..<9 { let p = (y * 20 + x) * 4; new.pixels[p] = 150; new.pixels[p + 1] = 0; new.pixels[p + 2] = 0 } }
        let result = PixelDifference.compare(old, new, threshold: 0.1)
        #expect(result.changed == 12, "\(result.changed)")
        let p = (4 * 20 + 6) * 4
        #expect(Array(result.image.pixels[p..<p + 4]) == [255, 0, 0, 255])
        // A change below the threshold is not counted.
        var faint = old
        faint.pixels[0] = 250
        #expect(PixelDifference.compare(old, faint, threshold: 0.1).changed == 0)
        #expect(PixelDifference.compare(old, faint, threshold: 0).changed == 1)
    }

    @Test func snapshotSettingsAreReadAndTheirMistakesSaidAtTheirLines() throws {
        let good = Fixtures.run(SourceTree(displayRoot: "cat", texts: ["catalog.yaml": "title: T\nsnapshots:\n  folder: review/approved\n  widths: [1280, 390, 390]\n  schemes: [dark]\n  modes: []\n  threshold: 0.2\n"]), pages: .scannedOnly)
        let settings = try #require(good.catalog?.settings.snapshots)
        #expect(settings.folder == "review/approved" && settings.widths == [390, 1280] && settings.schemes == ["dark"] && settings.modes == [] && settings.threshold == 0.2)
        let bad = Fixtures.run(SourceTree(displayRoot: "cat", texts: ["catalog.yaml": "title: T\nsnapshots:\n  folder: ../outside\n  widths: [10]\n  schemes: [dusk]\n  threshold: 2\n  colour: red\n"]), pages: .scannedOnly)
        let lines = bad.diagnostics.filter { $0.severity == .error }.map { $0.location.line }
        #expect(lines.sorted() == [3, 4, 5, 6, 7], "\(bad.diagnostics)")
        #expect(bad.diagnostics.contains { $0.location.line == 5 && $0.message.contains("dusk") })
    }
}
