import Foundation
import Testing

/// What a review of the pictures (the map, the report, drawings, trees) found.
@Suite struct PictureReviewTests {
    /// A navigation started without waiting (`navigator:navigate`) is no step: what it did
    /// belongs to the app's next step, here `settle`, and the map draws its move.
    @Test func movesMadeBetweenStepsGoToTheNextStep() throws {
        let fixture = try Fixture(["started_spec.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("started, then settled", function()
              local app = nav.app { root = nav.stack { A() } }
              app.navigator:navigate(nav.route():top(nav.stack):push(B()), nil, function() end)
              app:settle()
              expect(app:top()):toShow(B())
            end)
            """])
        let run = try navscript(["run", ".", "--reporter", "map=map.dot", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try fixture.read("map.dot").contains(#""A" -> "B" [label="push ×1""#))
        let page = try fixture.read("page/index.html")
        #expect(page.contains(#""kind":"settle","location":"started_spec.lua:5","log":["Info: Searching for a top container of UINavigationController type in UIWindow","Info: Setting stack of <UINavigationController> with modifiers:\n  - Push B"]"#), "\(page)")
        #expect(page.contains(#""transitions":["push stack [A] -> [A, B] animated"]"#))
    }
}
