import Foundation
import Testing

/// A report's steps cost what changed, not how deep the stack is: a step keeps a stack's
/// root and its top `ScenarioHierarchy.keptScreens`, and a transition the two labels below
/// what changed. 200 scenarios of 100 pushes wrote 35 MB of HTML; 400 pushes, 124 MB.
@Suite struct DeepStackReportTests {
    @Test func aDeepStacksStepsKeepWhatChanged() throws {
        let fixture = try Fixture(["deep_spec.lua": """
            local Root, Screen = nav.screen("Root"), nav.screen("Screen")
            scenario("deep", function()
              local app = nav.app { root = nav.stack { Root() } }
              for i = 1, 300 do app:navigate(nav.route():top(nav.stack):push(Screen { n = i })) end
              expect(app:top()):toShow(Screen { n = 300 })
            end)
            """])
        // Through a worker: the steps cross its channel as compact text.
        let run = try navscript(["run", ".", "--reporter", "html=page", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let page = try fixture.read("page/index.html")
        #expect(page.contains("push stack [… 298 more, Screen(n=298), Screen(n=299)] -> [… 298 more, Screen(n=298), Screen(n=299), Screen(n=300)] animated"))
        #expect(page.contains("push stack [Root, Screen(n=1), Screen(n=2)] -> [Root, Screen(n=1), Screen(n=2), Screen(n=3)] animated"))
        #expect(!page.contains("Screen(n=1), Screen(n=2), Screen(n=3), Screen(n=4)"))
        #expect(page.utf8.count < 1_000_000, "\(page.utf8.count) bytes")
        // A failure's message (a deep tree) and the output scroll in boxes of their own: a
        // review's 2,500-line tree put the steps 42,000 px down the page.
        #expect(page.contains("pre.failure, pre.output { max-height: 32em; }"))
        // The drawing counts every screen, those the step left out too, and shows the top.
        let drawn = try navscript(["draw", "deep_spec.lua", "--step=-1"], in: fixture.root)
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains("301 screens: …") && drawn.output.contains(">Screen(n=300)</text>") && drawn.output.contains(">‹ Screen</text>"),
                "\(drawn.output)")
    }
}
