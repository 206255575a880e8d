// A stand-in for Apple's SwiftUI, which Linux does not have: only the declarations Tokens.swift
// uses, with the signatures SwiftUI gives them, so that `swiftc -typecheck` proves the exported
// file is Swift that SwiftUI accepts (names, labels, types), here as on a Mac.
@_exported import Foundation

public struct Color: Hashable, Sendable {
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}

    public static let clear = Color(.sRGB, red: 0, green: 0, blue: 0, opacity: 0)
}

public struct Font: Hashable, Sendable {
    public struct Weight: Hashable, Sendable {
        private let value: Double
        public static let ultraLight = Weight(value: -0.8)
        public static let thin = Weight(value: -0.6)
        public static let light = Weight(value: -0.4)
        public static let regular = Weight(value: 0)
        public static let medium = Weight(value: 0.23)
        public static let semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4)
        public static let heavy = Weight(value: 0.56)
        public static let black = Weight(value: 0.62)
    }
}
