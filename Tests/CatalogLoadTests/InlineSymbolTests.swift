import Foundation
import Testing
import CatalogModel
@testable import CatalogLoad

/// A theme's symbol file, made ready to be drawn inside a page: no XML prolog, hidden from
/// assistive technology, classed for the stylesheet, and without the SVG namespace declaration
/// an HTML parser supplies itself (35 bytes of every icon of every demo).
@Suite("Symbols drawn inline")
struct InlineSymbolTests {
    @Test(arguments: [
        // A file as editors save it: prolog, declaration, attributes.
        ("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M6 12h12\"/></svg>\n",
         "<svg class=\"symbol\" aria-hidden=\"true\" viewBox=\"0 0 24 24\"><path d=\"M6 12h12\"/></svg>"),
        // Its own class and aria-hidden stay as written.
        ("<svg class=\"symbol big\" aria-hidden=\"true\" xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"2\"/></svg>",
         "<svg class=\"symbol big\" aria-hidden=\"true\"><circle r=\"2\"/></svg>"),
        // Another namespace (XLink) and a declaration inside the drawing are left alone.
        ("<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 8 8\"><g xmlns=\"http://www.w3.org/2000/svg\"/></svg>",
         "<svg class=\"symbol\" aria-hidden=\"true\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 8 8\"><g xmlns=\"http://www.w3.org/2000/svg\"/></svg>"),
    ])
    func aSymbolIsPreparedForAPage(file: String, inline: String) {
        #expect(LoadedTheme.inlineSymbol(file) == inline)
    }
}
