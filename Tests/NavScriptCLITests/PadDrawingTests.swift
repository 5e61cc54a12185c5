import Foundation
import Testing

/// A pad draws what it presents as a pad lays it out (`app:setSystem { idiom = "pad" }`):
/// a popover as a bubble pointing at its anchor over its presenter, a form or page sheet as
/// a card over the dimmed presenter, in a wider window. A phone draws each as a sheet.
@Suite struct PadDrawingTests {
    static let scenarios = """
        local Home, Share, Form = nav.screen("Home"), nav.screen("Share"), nav.screen("Form")
        local function app()
          local app = nav.app { root = nav.stack { Home() } }
          app:setSystem { idiom = "IDIOM" }
          return app
        end
        scenario("popover", function()
          local app = app()
          app:navigate(nav.route():top(nav.stack):present(Share():withModalPresentationStyle("popover"):withPopoverPresentation { anchor = "shareButton" }))
          app:settle()
        end)
        scenario("form", function()
          local app = app()
          app:navigate(nav.route():top(nav.stack):present(Form():withModalPresentationStyle("formSheet")))
          app:settle()
        end)
        """

    @Test func aPadDrawsPopoversAndSheetsAsAPadLaysThemOut() throws {
        let fixture = try Fixture(["pad_spec.lua": Self.scenarios.replacingOccurrences(of: "IDIOM", with: "pad"),
                                   "phone_spec.lua": Self.scenarios.replacingOccurrences(of: "IDIOM", with: "phone")])
        let popover = try navscript(["draw", "pad_spec.lua", "--scenario", "popover", "--step=-1"], in: fixture.root)
        #expect(popover.status == 0, "\(popover.errors)")
        // Two pad frames, 300 wide; the presenter behind undimmed, the bubble, its arrow and anchor.
        #expect(popover.output.components(separatedBy: #"width="300" height="380" rx="18""#).count == 3, "\(popover.output)")
        #expect(popover.output.contains(##"rx="12" fill="#f2f2f7""##) && popover.output.contains("l8 -9 l8 9 z") && popover.output.contains(">↑ shareButton</text>"))
        let form = try navscript(["draw", "pad_spec.lua", "--scenario", "form", "--step=-1"], in: fixture.root)
        #expect(form.output.contains(##"rx="12" fill="#d1d1d6""##) && form.output.contains(##"rx="10" fill="#ffffff" stroke="#c6c6c8""##), "\(form.output)")
        #expect(form.output.contains(">formSheet · UIViewController</text>"))
        // A phone: the same presentations are sheets in 200-wide frames, with no bubble.
        for name in ["popover", "form"] {
            let phone = try navscript(["draw", "phone_spec.lua", "--scenario", name, "--step=-1"], in: fixture.root)
            #expect(phone.status == 0 && phone.output.contains(#"width="200" height="380" rx="18""#), "\(phone.errors)")
            #expect(!phone.output.contains("↑ shareButton") && !phone.output.contains(##"rx="10" fill="#ffffff" stroke="#c6c6c8""##))
        }
    }
}
