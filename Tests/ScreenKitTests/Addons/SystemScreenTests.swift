import ScreenKit
import Testing

/// System screens (Nivelir's alert, action sheet, Safari, sharing, media picker, document
/// preview and store product addons) as containers answered like a user would.
@Suite struct SystemScreenTests {
    private func feedApp() throws -> ScreenApplication {
        try ScreenApplication.with(.stack([.screen(Screens.feed)]))
    }

    private let here = AnyScreenRoute(root: .window)

    @Test func anAlertIsPresentedLoggedAndAnsweredWithItsActionsRoute() throws {
        let app = try feedApp()
        var handled: [String]?
        let alert = Alert(title: "Sign out?", actions: [
            .cancel(title: "Cancel"),
            AlertAction(title: "Sign Out", style: .destructive, handler: { handled = $0 },
                        route: try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.settings)),
        ])
        #expect(app.navigate(to: try here.top(.container(of: .stack)).showAlert(alert)).isSuccess)
        let shown = try #require(app.window.root?.presentedContainer)
        #expect(shown.typeName == "UIAlertController")
        #expect(app.log.contains("Info: Presenting Alert(\"Sign out?\") on UINavigationController"))
        #expect(app.answer(shown, .action("Sign Out")).isSuccess)
        #expect(handled == [])
        #expect(app.window.root?.presentedContainer == nil)
        #expect(app.labels(of: app.window.root) == ["Feed", "Settings"])
    }

    @Test func anUnknownOrDisabledActionIsRefusedAndChangesNothing() throws {
        let app = try feedApp()
        let alert = Alert(title: "Rename", textFields: [AlertTextField()], actions: [
            AlertAction(title: "Save", enabler: { !($0.first ?? "").isEmpty }),
        ])
        app.navigate(to: try here.top(.container(of: .stack)).showAlert(alert))
        let shown = try #require(app.window.root?.presentedContainer)
        #expect(app.answer(shown, .action("Delete")).errorMessage == "Alert(\"Rename\") has no action 'Delete' (Save)")
        #expect(app.answer(shown, .action("Save")).errorMessage == "the action 'Save' of Alert(\"Rename\") is disabled")
        #expect(app.answer(shown, .action("Save", texts: ["Inbox"])).isSuccess)
    }

    @Test func anActionSheetIsAPopoverAtItsAnchorOnlyOnAPad() throws {
        for idiom in ScreenSystem.Idiom.allCases {
            let app = try feedApp()
            app.simulation.system.idiom = idiom
            app.navigate(to: try here.top(.container(of: .stack)).showActionSheet(ActionSheet(title: "Chat", anchor: "more", actions: [.cancel(title: "Cancel")])))
            let shown = try #require(app.window.root?.presentedContainer)
            #expect(shown.attributes[ScreenAttribute.popoverAnchor] == (idiom == .pad ? .string("more") : nil))
        }
    }

    @Test func safariRefusesSchemesOtherThanTheWebs() throws {
        let app = try feedApp()
        let result = app.navigate(to: try here.top(.container(of: .stack)).showSafari(Safari(url: "myapp://chat")))
        #expect(result.errorMessage?.hasPrefix("Safari does not support the url scheme of:\n  ScreenShowSafariAction") == true)
    }

    @Test func aShareSheetReportsTheActivityOrNothing() throws {
        let app = try feedApp()
        var reports: [(String?, Bool)] = []
        let share = try here.top(.container(of: .stack)).share(Sharing(items: ["x"]) { reports.append(($0, $1)) })
        app.navigate(to: share)
        #expect(app.answer(try #require(app.window.root?.presentedContainer), .activity("copy")).isSuccess)
        app.navigate(to: share)
        #expect(app.answer(try #require(app.window.root?.presentedContainer), .activity(nil)).isSuccess)
        #expect(reports.map(\.0) == ["copy", nil])
        #expect(reports.map(\.1) == [true, false])
    }

    @Test func theMediaPickerAsksOnceAndFailsWhenDenied() throws {
        let app = try feedApp()
        let system = app.simulation.system
        system.authorization[.camera] = .notDetermined
        system.authorizationAnswer[.camera] = .denied
        let result = app.navigate(to: try here.top(.container(of: .stack)).showMediaPicker(MediaPicker(source: .camera)))
        #expect(result.errorMessage?.hasPrefix("User does not allow the app to access the media source for:") == true)
        #expect(system.authorizationRequests[.camera] == 1)
        #expect(system.authorization[.camera] == .denied)
        // As Nivelir: access is checked before the source's availability.
        system.authorization[.camera] = .authorized
        system.mediaTypes[.camera] = nil
        let unavailable = app.navigate(to: try here.top(.container(of: .stack)).showMediaPicker(MediaPicker(source: .camera)))
        #expect(unavailable.errorMessage?.hasPrefix("Media source is not available for:") == true)
    }

    @Test func leavingTheAppRecordsTheURLsAndFallsBack() throws {
        let app = try feedApp()
        app.simulation.system.canOpenURL = { $0.hasPrefix("https:") }
        #expect(app.navigate(to: here.openURL("twitter://x", fallbackURLs: ["https://x.com"])).isSuccess)
        #expect(app.navigate(to: here.openURL("twitter://x")).errorMessage?.hasPrefix("Failed to open URL (\"twitter://x\") for:") == true)
        #expect(app.navigate(to: here.openStoreApp(id: "42")).isSuccess)
        #expect(app.simulation.system.openedURLs == ["https://x.com", "https://itunes.apple.com/app/id42"])
    }

    @Test func theHUDHidesAfterItsDurationUnlessShownAgain() throws {
        let app = try feedApp()
        app.navigate(to: here.showHUD(HUD(indicator: .success, message: "Sent"), duration: 1))
        #expect(app.simulation.system.hud == HUD(indicator: .success, message: "Sent"))
        app.advance(by: 0.5)
        app.navigate(to: here.showHUD(HUD(indicator: .activity)))
        app.advance(by: 1)
        #expect(app.simulation.system.hud == HUD(indicator: .activity))
        app.navigate(to: here.hideHUD())
        #expect(app.simulation.system.hud == nil)
    }

    @Test func hapticsAreRecordedAndLogNothing() throws {
        let app = try feedApp()
        app.navigate(to: here.haptics(.impact(style: "light")).haptics(.selection))
        #expect(app.simulation.system.haptics == ["impact(style: light)", "selection"])
        #expect(app.log.isEmpty)
    }

    @Test func changeBottomSheetChangesTheSheetAndNeverCompletes() throws {
        let app = try feedApp()
        app.navigate(to: try here.top(.container(of: .stack)).present(try Screens.settings.decorated(by: ScreenBottomSheetDecorator(sheet: ScreenBottomSheet(detents: ["medium", "large"])))))
        var completed = false
        app.navigator.navigate(to: try here.top(.container(of: .modal)).changeBottomSheet { _ in ScreenBottomSheet(detents: ["large"]) }) { _ in completed = true }
        app.advance(by: 10)
        #expect(!completed)
        #expect(app.window.root?.presentedContainer?.attributes[ScreenAttribute.bottomSheet] == .object(["detents": .array([.string("large")])]))
    }
}
