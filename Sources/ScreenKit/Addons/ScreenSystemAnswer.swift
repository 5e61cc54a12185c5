/// What a user does with a system screen: taps an alert's action, picks a share activity
/// or media, or closes the screen.
///
///     app.answer(alert, .action("Sign Out"))   -- Lua: app:answer(alert, "Sign Out")
public enum ScreenSystemAnswer {
    /// An alert's or action sheet's action, by title; an alert's text fields may be typed in
    /// first (in order: the first text into the first field, the rest keep theirs).
    case action(String, texts: [String]? = nil)
    /// A tap outside an action sheet: on a phone its cancel action's (nothing happens without
    /// one); on a pad, where it is a popover that shows no cancel action, it closes the sheet
    /// and runs the cancel action's handler, if there is one, as UIKit does. An alert is not
    /// closed so: the answer fails.
    case outside
    /// A share sheet's activity type, or nil to close it without sharing.
    case activity(String?)
    /// What a media picker picked, or nil to cancel.
    case media([String: ScreenValue]?)
    /// Closes Safari, a document preview or a product page (their Done button).
    case done
    /// Finishes the screen of a visual share activity, completed or not.
    case activityFinished(Bool)
}

extension ScreenSystemAnswer {
    /// Whether `screen` takes this answer: one of an alert's or action sheet's actions (text
    /// typed in an alert only), a share activity, a picker's media, or a close.
    func fits(_ screen: ScreenSystemScreen) -> Bool {
        switch (screen, self) {
        case let (.alert(alert), .action(title, _)): return alert.actions.contains { $0.title == title }
        case let (.actionSheet(sheet), .action(title, nil)): return sheet.actions.contains { $0.title == title }
        case (.actionSheet, .outside): return true
        case (.sharing, .activity), (.mediaPicker, .media), (.safari, .done), (.documentPreview, .done), (.storeProduct, .done): return true
        default: return false
        }
    }
}

extension ScreenApplication {
    /// Answers the system screen `container` shows, as a user would, and runs what follows
    /// to completion: the alert dismisses itself, then its action's handler and route run;
    /// a share sheet runs its activity, dismisses itself and reports (a visual activity's
    /// screen is shown, and reports once it is answered, finished or not); a media picker
    /// reports (the app dismisses it); Safari and a preview dismiss themselves and report; a
    /// product page reports. An answer that does not fit the screen fails and changes nothing.
    ///
    /// As a user taps only what is on screen, a presentation of the screen still under way
    /// ends first, and one under a presentation or going out with a dismissal fails; a navigation its callbacks start (a
    /// picker's `didFinish` dismissing it) runs to completion too.
    @discardableResult
    public func answer(_ container: ScreenContainer, _ answer: ScreenSystemAnswer) -> Result<Void, Error> {
        // Only an answer the screen takes waits: a wrong one fails, saying why, and changes nothing.
        var misfit = false
        if container.presentationPhase == .presenting, let screen = container.systemScreen {
            misfit = !answer.fits(screen)
            if !misfit { clock.run(until: { container.presentationPhase != .presenting }) }
        }
        let first = navigator.nextNavigation
        let result = respond(to: container, with: answer, onScreen: !misfit)
        clock.run(until: { !navigator.isNavigating(since: first) })
        return result
    }

    /// The answer's work; `onScreen: false` only for one the screen does not take, which
    /// fails in the switch below before anything is done.
    private func respond(to container: ScreenContainer, with answer: ScreenSystemAnswer, onScreen: Bool) -> Result<Void, Error> {
        // What is presented over it takes the touch, as for a bar button's tap.
        if let over = container.presented {
            return .failure(ScreenFailure("\(container) is under \(over), which takes the tap: dismiss it first"))
        }
        if let hud = simulation.system.hudView, hud.covers(container) {
            return .failure(ScreenFailure("\(container) is under \(hud.hud), which takes the tap: hide it first (hideHUD)"))
        }
        if let finish = container.finishActivity {
            guard case let .activityFinished(completed) = answer else {
                return .failure(ScreenFailure("\(container) shows a share activity: it is answered with whether it completed"))
            }
            return finish(completed)
        }
        guard let screen = container.systemScreen else {
            return .failure(ScreenFailure("\(container) is not a system screen (an alert, an action sheet, Safari, a share sheet, a media picker, a document preview or a product page)"))
        }
        // A preview UIKit pushed goes back as it came: its Done is the stack's back button.
        if case let .documentPreview(preview) = screen, let stack = container.parent, stack.kind == .stack {
            guard case .done = answer, stack.children.last === container else {
                return .failure(ScreenFailure(stack.children.last === container ? "\(screen) cannot be answered with \(answer)" : "\(screen) is not on screen to answer"))
            }
            return run { done in
                self.simulation.setStack(stack, to: Array(stack.children.dropLast()), animation: .default) {
                    done(Result { try preview.didEndPreview?() })
                }
            }
        }
        guard let presenter = container.presentingContainer, container.presentationPhase == .presented || !onScreen else {
            return .failure(ScreenFailure("\(screen) is not on screen to answer"))
        }
        // Dismissed with what it is presented from: on its way out, as one dismissed itself.
        if let leaving = container.dismissal, leaving !== container {
            return .failure(ScreenFailure("\(screen) is not on screen to answer: \(leaving) is being dismissed, and takes it out"))
        }
        switch (screen, answer) {
        case let (.alert(alert), .action(title, texts)):
            // What is typed replaces the fields' texts in order; one text a field, as Nivelir reads them.
            let typed = texts ?? []
            guard typed.count <= alert.textFields.count else {
                return .failure(ScreenFailure("\(alert) has \(alert.textFields.count) text field\(alert.textFields.count == 1 ? "" : "s"), \(typed.count) texts typed"))
            }
            let texts = alert.textFields.indices.map { $0 < typed.count ? typed[$0] : alert.textFields[$0].text }
            return tap(title, of: alert.actions, in: "\(alert)", texts: texts, typed: !typed.isEmpty, shownEnabled: alert.shownEnabled,
                       dismissing: container, from: presenter)
        case let (.alert(alert), .outside):
            let titles = alert.actions.map { "'\($0.title)'" }.joined(separator: ", ")
            return .failure(ScreenFailure("\(alert) is not closed by a tap outside it, as UIKit's alerts are not: answer one of its actions (\(titles.isEmpty ? "none" : titles))"))
        case let (.actionSheet(sheet), .action(title, nil)):
            // A popover (a pad's) shows no cancel action: a tap outside stands for it.
            if container.isPopover, sheet.actions.contains(where: { $0.title == title && $0.style == .cancel }) {
                return .failure(ScreenFailure("\(sheet) is a popover, which shows no cancel action: answer nil (a tap outside it)"))
            }
            return tap(title, of: sheet.actions, in: "\(sheet)", texts: [], typed: false, shownEnabled: nil, dismissing: container, from: presenter)
        case let (.actionSheet(sheet), .outside):
            if let cancel = sheet.actions.first(where: { $0.style == .cancel }) {
                return tap(cancel.title, of: sheet.actions, in: "\(sheet)", texts: [], typed: false, shownEnabled: nil, dismissing: container, from: presenter)
            }
            guard container.isPopover else {
                return .failure(ScreenFailure("\(sheet) has no cancel action, so a tap outside it does nothing"))
            }
            return dismiss(container, from: presenter) {}
        case let (.sharing(sharing), .activity(type)):
            return share(sharing, type: type, dismissing: container, from: presenter)
        case let (.mediaPicker(picker), .media(result)):
            // Its type, when given, is one the picker offers (UIImagePickerController's mediaTypes).
            if case let .string(type)? = result?["type"], !picker.types.contains(where: { $0.rawValue == type }) {
                let offered = picker.types.map(\.rawValue).joined(separator: " and ")
                return .failure(ScreenFailure("\(screen) picks \(offered) only, not \"\(type)\" (its types)"))
            }
            return run { done in done(Result { try picker.didFinish?(result) }) }
        case let (.safari(safari), .done):
            return dismiss(container, from: presenter) { try safari.didFinish?() }
        case let (.documentPreview(preview), .done):
            return dismiss(container, from: presenter) { try preview.didEndPreview?() }
        case let (.storeProduct(product), .done):
            return run { done in done(Result { try product.didFinish?() }) }
        default:
            return .failure(ScreenFailure("\(screen) cannot be answered with \(answer)"))
        }
    }

    /// Taps the action titled `title`. Whether it is enabled is what its enabler answered when
    /// the screen was shown (`shownEnabled`), or, once texts were `typed` into its fields,
    /// what it answers to them (UIKit's editingChanged asks again, in Nivelir's manager).
    private func tap(_ title: String, of actions: [AlertAction], in screen: String, texts: [String], typed: Bool, shownEnabled: [Bool]?,
                     dismissing container: ScreenContainer, from presenter: ScreenContainer) -> Result<Void, Error> {
        guard let index = actions.firstIndex(where: { $0.title == title }) else {
            let titles = actions.map(\.title).joined(separator: ", ")
            return .failure(ScreenFailure("\(screen) has no action '\(title)' (\(titles.isEmpty ? "none" : titles))"))
        }
        let action = actions[index]
        do {
            let enabled: Bool
            if let enabler = action.enabler, typed || shownEnabled == nil {
                enabled = try enabler(texts)
            } else {
                enabled = shownEnabled?[index] ?? true
            }
            guard enabled else {
                return .failure(ScreenFailure("the action '\(title)' of \(screen) is disabled"))
            }
        } catch {
            return .failure(error)
        }
        // An enabler that answered or dismissed the screen itself leaves nothing to tap.
        guard container.presentationPhase == .presented, container.presentingContainer === presenter else {
            return .failure(ScreenFailure("\(screen) was answered or dismissed while the enabler of '\(title)' ran"))
        }
        return dismiss(container, from: presenter) {
            try action.handler?(texts)
        } then: { done in
            self.perform(action.route, from: container.shownFrom ?? presenter, done)
        }
    }

    private func share(_ sharing: Sharing, type: String?, dismissing container: ScreenContainer, from presenter: ScreenContainer) -> Result<Void, Error> {
        guard let type else {
            return dismiss(container, from: presenter) { try sharing.didFinish?(nil, false) }
        }
        guard !sharing.excludedActivityTypes.contains(type) else {
            return .failure(ScreenFailure("the share sheet excludes the activity '\(type)'"))
        }
        switch sharing.applicationActivities.first(where: { $0.type == type })?.kind {
        case let .silent(route)?:
            // The sheet goes, then the activity runs from where the sheet was shown, and the
            // share reports when it is done (Nivelir's own example, SharingOpenInBrowserActivity,
            // shows Safari from the top container in `perform`: a window route).
            return dismiss(container, from: presenter, report: {}) { done in
                self.perform(route, from: container.shownFrom ?? presenter) { result in
                    done(Result { try sharing.didFinish?(type, result.isSuccessful) }.flatMap { result })
                }
            }
        case let .visual(screen)?:
            // The sheet goes and UIKit presents the activity's screen (Nivelir logs nothing);
            // the share reports when the screen finishes the activity (answered with whether
            // it completed), which UIKit dismisses first.
            return dismiss(container, from: presenter, report: {}) { done in
                let shown: ScreenContainer
                do {
                    shown = try screen.build(navigator: self.navigator)
                } catch {
                    return done(.failure(error))
                }
                shown.finishActivity = { [unowned self, unowned shown] completed in
                    guard let presenter = shown.presentingContainer, shown.presentationPhase == .presented else {
                        return .failure(ScreenFailure("\(shown) is not on screen to answer"))
                    }
                    shown.finishActivity = nil
                    return self.dismiss(shown, from: presenter) { try sharing.didFinish?(type, completed) }
                }
                let accepted = self.simulation.present(shown, from: presenter, animated: true) { _ in done(.success(())) }
                if !accepted {
                    done(.failure(self.simulation.presentationRefusal(of: shown, from: presenter, for: ScreenPresentAction(screen: screen))))
                }
            }
        case nil:
            return dismiss(container, from: presenter) { try sharing.didFinish?(type, true) }
        }
    }

    /// Dismisses the screen, then runs `report` and `next`.
    private func dismiss(_ container: ScreenContainer, from presenter: ScreenContainer, report: @escaping () throws -> Void,
                         then next: @escaping (@escaping (Result<Void, Error>) -> Void) -> Void = { $0(.success(())) }) -> Result<Void, Error> {
        run { done in
            self.simulation.dismiss(from: presenter, animated: true, refusingInTransition: false) {
                do {
                    try report()
                } catch {
                    return done(.failure(error))
                }
                next(done)
            }
        }
    }

    /// A window route from the window; any other from `container`.
    private func perform(_ route: AnyScreenRoute?, from container: ScreenContainer, _ done: @escaping (Result<Void, Error>) -> Void) {
        guard let route else { return done(.success(())) }
        if route.rootKind == .window {
            navigator.navigate(to: route, completion: done)
        } else {
            navigator.navigate(from: container, to: route, completion: done)
        }
    }
}

extension Result {
    var isSuccessful: Bool {
        if case .success = self { return true }
        return false
    }
}
