import Testing
import CatalogSyntax
import CatalogTestSupport

/// #52 8: the markup check reads an example as a browser's tokenizer does. Each form below runs
/// script or style inline in a browser (or hides markup that does) and was let through by the
/// pattern-based check; each is refused now, and ordinary markup still passes.
@Suite("The HTML fragment check against inline script")
struct HTMLFragmentTests {
    static let hostile = [
        "<svg/onload=alert(1)>",
        "<img/src/onerror=alert(1)>",
        "<img src=x ONERROR=alert(1)>",
        "<img src=x onerror\n=alert(1)>",
        "<!--><script>alert(1)</script><!-- a later comment -->",
        "<!---><img src=x onerror=alert(1)><!-- a later comment -->",
        "<svg><title><script>alert(1)</script></title></svg>",
        "<math><mtext><script>alert(1)</script></mtext></math>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></p></noscript>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\" javascript:alert(1)\">x</a>",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        "<a href=\"&#x6A;avascript:alert(1)\">x</a>",
        "<a href=\"java&#9;script:alert(1)\">x</a>",
        "<a href=\"java\nscript:alert(1)\">x</a>",
        "<a href=\"javascript&colon;alert(1)\">x</a>",
        "<a href=vbscript:msgbox(1)>x</a>",
        "<form action=\"javascript:alert(1)\"><button>x</button></form>",
        "<button formaction=javascript:alert(1)>x</button>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "<iframe src=\"data:text/html,<script>alert(1)</script>\"></iframe>",
        "<object data=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\"></object>",
        "<embed src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
        "<script src=\"data:text/javascript,alert(1)\"></script>",
        "<script>alert(1)</script>",
        "<SCRIPT>alert(1)</SCRIPT>",
        "<script\n>alert(1)</script>",
        "<svg><animate onbegin=alert(1) attributeName=x dur=1s></animate></svg>",
        "<svg><set attributeName=href to=javascript:alert(1)></set></svg>",
        "<svg><animate attributeName=href values=\"a;javascript:alert(1)\"></animate></svg>",
        "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
        "<div style=color:red>x</div>",
        "<style>p{}</style>",
    ]

    @Test("each inline form is refused", arguments: hostile)
    func refused(markup: String) {
        #expect(HTMLFragment.problem(in: markup) != nil, "let through: \(markup)")
    }

    @Test func ordinaryMarkupPasses() {
        for markup in [
            "<ui-button>Save</ui-button>",
            "<ul><li>One<li>Two</ul>",
            "<a href=\"#p2\">2</a> <a href=\"https://example.org/\">out</a>",
            "<svg viewBox=\"0 0 1 1\" aria-hidden=\"true\"><title>A mark</title><path d=\"M0 0h1\"/></svg>",
            "<img src=\"assets/a.png\" alt=\"\"><br/>",
            "<p title=\"a < b and javascript is a word\">x</p>",
            "<script src=\"../ui/extra.js\" type=\"module\"></script>",
            "<textarea><b>not markup</b></textarea>",
            "<!-- a comment with <script> in it -->",
        ] {
            #expect(HTMLFragment.problem(in: markup) == nil, "refused: \(markup) — \(String(describing: HTMLFragment.problem(in: markup)))")
        }
    }

    @Test func theProblemIsAtTheTag() {
        let problem = HTMLFragment.problem(in: "<p>ok</p>\n  <svg/onload=alert(1)>")
        #expect(problem?.line == 2 && problem?.column == 3 && problem?.message.contains("onload") == true)
    }
}
