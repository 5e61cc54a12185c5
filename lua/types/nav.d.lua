---@meta nav
-- Editor definitions (LuaCATS) for NavScript's `nav` module and scenario runtime.
-- For editors only: this file is never loaded. See LUA_API in the README.
error("nav.d.lua is a definition file for editors; it cannot be required")

---@alias ContainerKind "window"|"modal"|"stack"|"tabs"
---@alias ChildKind "modal"|"stack"|"tabs"|Predicate   # a kind, or a predicate of one (nav.stack)
---@alias PresentationStyle "automatic"|"fullScreen"|"pageSheet"|"formSheet"|"currentContext"|"custom"|"overFullScreen"|"overCurrentContext"|"popover"|"none"
---@alias TransitionStyle "coverVertical"|"flipHorizontal"|"crossDissolve"|"partialCurl"
---@alias Animation string|{name: string, duration?: number}
---@alias StackAnimation "default"|Animation|false
---@alias NestedRoute Route|fun(route: Route): Route
---@alias PredicateLike Predicate|Screen|ScreenType
---@alias Node Screen|ScreenType|Predicate|{[1]: Screen|ScreenType, presented: Node}
---@alias TraitValue string|number|boolean
---@alias TransitionKind "setRoot"|"present"|"dismiss"|"push"|"pop"|"setStack"|"selectTab"

---@class ScreenType
---@field name string
---@field kind ContainerKind
---@overload fun(traits?: table<string, TraitValue>): Screen

---@class ScreenOptions
---@field container? "modal"|"stack"|"tabs"
---@field build? fun(container: Container, navigator: Navigator): Container?   # returns nothing, or its container
---@field refresh? fun(container: Container, done?: fun(ok?: boolean, message?: string)): (boolean?, string?) # false, "why" fails the refresh; with done, it completes when done is called
---@field iterable? boolean    # searches walk into its children (a custom container)
---@field observer? string     # the observer type its container informs (container:notify)

---@class BarButton
---@field title string
---@field route? Route

---@class Screen
---@field key string     # "Chat(chatId=7)"
---@field name string
---@field kind ContainerKind
---@field traits table<string, TraitValue>
local Screen = {}
---@param style PresentationStyle
---@return Screen
function Screen:withModalPresentationStyle(style) end
---@param style TransitionStyle
---@return Screen
function Screen:withModalTransitionStyle(style) end
---@param delegate string
---@return Screen
function Screen:withModalTransitioningDelegate(delegate) end
---@param button BarButton
---@return Screen
function Screen:withLeftBarButton(button) end
---@param button BarButton
---@return Screen
function Screen:withRightBarButton(button) end
---@param item {title?: string, image?: string, badge?: string|integer}
---@return Screen
function Screen:withTabBarItem(item) end
---A stack screen's decorator (a screen type with container = "stack"); others raise.
---@param ... Screen  # or one list of them: withStack { A(), B() }
---@return Screen
function Screen:withStack(...) end
---A tabs screen's decorator (a screen type with container = "tabs"); others raise.
---@param ... Screen  # or one list of them: withTabs { A(), B() }
---@return Screen
function Screen:withTabs(...) end
---@param options? {anchor?: string|table}
---@return Screen
function Screen:withPopoverPresentation(options) end
---@param options? {detents?: string[], selectedDetent?: string, prefersGrabber?: boolean}
---@return Screen
function Screen:withBottomSheet(options) end
---@param options? {detents?: string[], selectedDetent?: string, prefersGrabber?: boolean}
---@param className? string   # the stack's class, a BottomSheetStackController by default (Nivelir's withBottomSheetStack(_:of:))
---@return Screen
function Screen:withBottomSheetStack(options, className) end
---@param className? string   # a stack of this class (Nivelir's withStackContainer(of:))
---@return Screen
function Screen:withStackContainer(className) end
---@param options? {presentation?: PresentationStyle, transition?: TransitionStyle, delegate?: string}
---@return Screen
function Screen:withModalStyle(options) end
---@param name string
---@param options? table
---@return Screen
function Screen:decorated(name, options) end
---Nivelir's type erasure: the screen itself (Lua screens are untyped).
---@return Screen
function Screen:eraseToAnyScreen() end
---@return Screen
function Screen:eraseToAnyModalScreen() end
---A stack screen itself; others raise.
---@return Screen
function Screen:eraseToAnyStackScreen() end
---A tabs screen itself; others raise.
---@return Screen
function Screen:eraseToAnyTabsScreen() end

---@class Predicate
---As a search: `{name = "Chat"}` or `{key = chat}` (a Screen, or its key's text, `chat.key`); as a
---hierarchy node (nav.app's root): its screens, and `selected` and `presented`.
---@overload fun(options: {name?: string, key?: Screen|string, selected?: integer, presented?: Node, [integer]: Node}): Predicate

---@class Modifier

---@class Route
local Route = {}
---@param predicate PredicateLike
---@param nested? NestedRoute
---@return Route
function Route:first(predicate, nested) end
---@param predicate PredicateLike
---@param nested? NestedRoute
---@return Route
function Route:last(predicate, nested) end
---@param predicate PredicateLike
---@param nested? NestedRoute
---@return Route
function Route:top(predicate, nested) end
---@param container Container? nil fails when the route runs, as Nivelir's from(nil)
---@param nested? NestedRoute
---@return Route
function Route:from(container, nested) end
---Appends a route rooted at this route's kind (`then` is a Lua keyword: `route["then"](route, other)` works too).
---@param route Route
---@return Route
function Route:andThen(route) end
---@param route Route|fun(err: string, route: Route): Route?  # `route`: empty, from this route's root
---@return Route
function Route:fallback(route) end
---@param route Route|fun(route: Route): Route
---@return Route
function Route:ensure(route) end
---@return Route
function Route:cauterize() end
---@return Route
function Route:resolve() end
--- Runs `body` on the current container. Returning `false, "why"` fails the route; a body
--- that takes `done` completes the step when it calls `done()` or `done(false, "why")`.
---@param body fun(container: Container, done?: fun(ok?: boolean, message?: string)): (boolean?, string?)
---@return Route
function Route:get(body) end
---@return Route
function Route:refresh() end
---@param message? string
---@return Route
function Route:fail(message) end
--- Waits in virtual time: a negative wait ends on the next turn; `math.huge`, NaN or
--- ~292 years and more never end (Dispatch's distant future).
---@param seconds number
---@return Route
function Route:wait(seconds) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:root(kind, nested) end
---@param screen Screen|Container   # a Container out of the hierarchy is its own screen
---@param options? {animation?: Animation|false}|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:setRoot(screen, options, nested) end
---@return Route
function Route:makeKey() end
---@return Route
function Route:makeKeyAndVisible() end
---@param screen Screen|Container   # a Container out of the hierarchy is its own screen
---@param options? {animated?: boolean}|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:present(screen, options, nested) end
---@param options? {animated?: boolean}
---@return Route
function Route:dismiss(options) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:presented(kind, nested) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:presenting(kind, nested) end
---@param nested? NestedRoute
---@return Route
function Route:stack(nested) end
---@param nested? NestedRoute
---@return Route
function Route:tabs(nested) end
---@param nested? NestedRoute
---@return Route
function Route:window(nested) end
---@param options? {stackAnimation?: StackAnimation, tabsAnimation?: Animation|false, dismissAnimated?: boolean, dissmissAnimated?: boolean}
---@return Route
function Route:makeVisible(options) end
---@param screen Screen|Container   # a Container out of the hierarchy is its own screen
---@param options? {animation?: StackAnimation, separated?: boolean}|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:push(screen, options, nested) end
---@param options? {to?: Screen|ScreenType|string|Container|Predicate|fun(stack: Container[]): integer?, animation?: StackAnimation, separated?: boolean}
---@return Route
function Route:pop(options) end
---@param options? {animation?: StackAnimation, separated?: boolean}
---@return Route
function Route:popToRoot(options) end
---@param screen Screen|Container   # a Container out of the hierarchy is its own screen
---@param options? {animation?: StackAnimation, separated?: boolean}|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:replace(screen, options, nested) end
---@param options? {animation?: StackAnimation}
---@return Route
function Route:clear(options) end
---@param modifiers Modifier|fun(stack: Container[]): (Container|Screen)[]|(Modifier|fun(stack: Container[]): (Container|Screen)[])[] # a list, or one as Nivelir's setStack(modifier:)
---@param options? {animation?: StackAnimation, separated?: boolean}
---@return Route
function Route:setStack(modifiers, options) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:stackRoot(kind, nested) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:stackTop(kind, nested) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:stackVisible(kind, nested) end
---Selects the first tab `tab` matches. `kind` types the tab for the nested route; a
---predicate of one kind (`nav.stack`, `nav.tabs`) types it without one.
---@param tab integer|Screen|ScreenType|string|Container|Predicate|fun(tabs: Container[]): integer?
---@param options? {animation?: Animation|false, kind?: ChildKind}|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:selectTab(tab, options, nested) end
---@param kind? ChildKind|NestedRoute
---@param nested? NestedRoute
---@return Route
function Route:selectedTab(kind, nested) end
---@param screen Screen|Container
---@param nested? NestedRoute
---@return Route
function Route:setupTab(screen, nested) end
---Runs `action` with a resolution: ensure whatever happens, done after a success, fallback after a failure.
---@param action Route
---@param resolution? {ensure?: Route|Route[], done?: Route|fun(output: Container?, route: Route): Route|(Route|fun(output: Container?, route: Route): Route)[], fallback?: Route|fun(err: string, route: Route): Route?|(Route|fun(err: string, route: Route): Route?)[], cauterize?: boolean}
---@return Route
function Route:try(action, resolution) end
---Changes the bottom sheet the container is presented in. As Nivelir's, it never completes.
---@param changes? {detents?: string[], selectedDetent?: string, prefersGrabber?: boolean}
---@param options? {animated?: boolean}
---@return Route
function Route:changeBottomSheet(changes, options) end

---@class AlertAction
---@field title string
---@field style? "default"|"cancel"|"destructive"
---@field handler? fun(texts: string[])
---@field enabler? fun(texts: string[]): boolean
---@field route? Route            # runs after the alert is dismissed

---@class AlertSpec
---@field title? string
---@field message? string
---@field tintColor? string
---@field accessibilityIdentifier? string
---@field textFields? {text?: string, placeholder?: string}[]
---@field actions? AlertAction[]

---@param alert AlertSpec
---@param options? {animated?: boolean}
---@return Route
function Route:showAlert(alert, options) end
---@class ActionSheetAction    # Nivelir's ActionSheetAction: no enabler
---@field title string
---@field style? "default"|"cancel"|"destructive"
---@field handler? fun()
---@field route? Route            # runs after the sheet is dismissed

---@class ActionSheetSpec
---@field title? string
---@field message? string
---@field anchor? string          # the popover's anchor on a pad
---@field tintColor? string
---@field accessibilityIdentifier? string
---@field actions? ActionSheetAction[]

---@param sheet ActionSheetSpec
---@param options? {animated?: boolean}
---@return Route
function Route:showActionSheet(sheet, options) end
---@param safari string|{url: string, dismissButtonStyle?: "done"|"close"|"cancel", didFinish?: fun()}
---@param options? {animated?: boolean}
---@param nested? NestedRoute
---@return Route
function Route:showSafari(safari, options, nested) end
---@param sharing {items?: string[], applicationActivities?: {type: string, title?: string, route?: Route, screen?: Screen}[], activities?: {type: string, title?: string, route?: Route, screen?: Screen}[], excludedActivityTypes?: string[], excluded?: string[], anchor?: string, didFinish?: fun(activity: string?, completed: boolean)}
---@param options? {animated?: boolean}
---@param nested? NestedRoute
---@return Route
function Route:share(sharing, options, nested) end
---@param picker "photoLibrary"|"savedPhotosAlbum"|"camera"|{source?: string, types?: ("image"|"movie")[], allowsEditing?: boolean, cameraSettings?: {device?: "rear"|"front", captureMode?: "photo"|"video", flashMode?: "off"|"auto"|"on"}, didFinish?: fun(result: table?)}
---@param options? {animated?: boolean}
---@param nested? NestedRoute
---@return Route
function Route:showMediaPicker(picker, options, nested) end
---@param preview string|{url: string, uti?: string, name?: string, willBeginPreview?: fun(), didEndPreview?: fun()}
---@param options? {animated?: boolean}
---@return Route
function Route:showDocumentPreview(preview, options) end
---@param product string|integer|{itemID: string|integer, parameters?: table, didFinish?: fun()}
---@param options? {animated?: boolean}
---@param nested? NestedRoute
---@return Route
function Route:showStoreProduct(product, options, nested) end
---@return Route
function Route:requestStoreReview() end
---@param url string
---@param options? {fallbackURLs?: string[]}
---@return Route
function Route:openURL(url, options) end
---@param phoneNumber string|{to: string} # Nivelir's label: call{to = "..."}
---@return Route
function Route:call(phoneNumber) end
---@param address string|{to: string, subject?: string, body?: string} # or mail{to =, subject =, body =}
---@param options? {subject?: string, body?: string}
---@return Route
function Route:mail(address, options) end
---@return Route
function Route:openAppSettings() end
---@param id string|{id: string, forReview?: boolean} # or openStoreApp{id =, forReview =}
---@param options? {forReview?: boolean}
---@return Route
function Route:openStoreApp(id, options) end
---@param hud "activity"|"spinner"|"success"|"failure"|{indicator?: string|{percentage: number}|{image: string}, message?: string}
---@param options? {animation?: boolean, animated?: boolean, duration?: number} # animation: Nivelir's label (false for none)
---@return Route
function Route:showHUD(hud, options) end
---@return Route
function Route:hideHUD() end
---@param style? "light"|"medium"|"heavy"|"soft"|"rigid"|number|{style: string}|{intensity: number} # or Nivelir's labels in a table: a style or an intensity, not both
---@return Route
function Route:impactOccurred(style) end
---@param type "success"|"warning"|"error"|{type: "success"|"warning"|"error"}
---@return Route
function Route:notificationOccurred(type) end
---@return Route
function Route:selectionChanged() end

---@class Container
---@field kind ContainerKind
---@field key string?
---@field name string?
---@field traits table<string, TraitValue>
---@field parent Container?
---@field children Container[]
---@field presented Container?
---@field presenting Container?
---@field stack Container?          # the nearest ancestor stack (UIKit's navigationController)
---@field tabs Container?           # the nearest ancestor tabs (tabBarController)
---@field window Container?         # the window, while the container's view is in it
---@field presentedStack Container?
---@field presentedTabs Container?
---@field selectedIndex integer?
---@field isVisible boolean
---@field isKey boolean
---@field isPresentedAsBottomSheet boolean # Nivelir's: in a bottom sheet (its own, or an ancestor's), and presented
---@field attributes table<string, any>
---@field presentationPhase "presenting"|"presented"|"dismissing"|nil
---@field refreshCount integer
---@field typeName string          # UIKit's class: "UINavigationController", "UIAlertController", a named stack's class
---@field system table?            # a system screen's type ("Alert", "Safari", ...) and what it shows
local Container = {}
---Calls `method` on every observer of the screen's observer type that its predicate admits.
---@param method string
---@return integer told
function Container:notify(method, ...) end
---@param name string
---@param value any
function Container:setAttribute(name, value) end
---@param screens Screen[]
---@param navigator? Navigator
function Container:setChildren(screens, navigator) end
---@return string
function Container:tree() end

---@class ObserverPredicate
---@field any? true
---@field screen? Screen
---@field visible? Container
---@field presentedOn? Container
---@field childOf? Container
---@field pushedInto? Container|Container[]
---@field pushedAfter? Container
---@field recursively? boolean
---@field satisfiedAny? ObserverPredicate[]
---@field satisfiedAll? ObserverPredicate[]

---@class ObserverToken
local ObserverToken = {}
function ObserverToken:cancel() end

---@class Navigator
---@field observerCount integer
---@field window Container?
---@field topContainer Container?
---@field topStackContainer Container?
---@field topTabsContainer Container?
local Navigator = {}
---Starts a navigation without waiting for it; virtual time runs on app:advance / app:settle.
---A function builds the route from one rooted at `from`'s kind (the window's without it).
---@param route Route|fun(route: Route): Route
---@param options? {from?: Container}|fun(ok: boolean, err?: string)
---@param completion? fun(ok: boolean, err?: string)   # or a custom action's done, passed on
function Navigator:navigate(route, options, completion) end
---Walks from `from` in the iterator's order; the function answers "continue" (with a suitable
---container or nil) or "stop" (with one). Returns the last suitable container, or the one it stopped at.
---@param from Container
---@param body fun(container: Container): ("continue"|"stop"), Container?
---@return Container?
function Navigator:iterate(from, body) end
---@param from Container
---@param matches fun(container: Container): boolean
---@return Container?
function Navigator:firstContainer(from, matches) end
---@param from Container
---@param matches fun(container: Container): boolean
---@return Container?
function Navigator:lastContainer(from, matches) end
---The last visible container the function accepts, asked of visible ones only (Nivelir's topContainer(in:where:)).
---@param from Container
---@param matches fun(container: Container): boolean
---@return Container?
function Navigator:topContainerIn(from, matches) end
---Writes `Info: <info>` to the log (`app.log`), as Nivelir's `logInfo` (a custom action's own lines).
---@param info string
function Navigator:logInfo(info) end
---Writes `Error: <error>` to the log, the error as `tostring` shows it (Nivelir's `logError`).
---@param error any
function Navigator:logError(error) end
---Registers a table as an observer of `type`; it stays until token:cancel() or the scenario ends
---(with `weakly`, also until the script drops the table and the collector takes it).
---@param type string
---@param observer table
---@param predicate? ObserverPredicate
---@param weakly? boolean
---@return ObserverToken
function Navigator:observe(type, observer, predicate, weakly) end
---Registers a table as an observer of `type` for as long as the script holds it (Nivelir's observeWeakly).
---@param type string
---@param observer table
---@param predicate? ObserverPredicate
function Navigator:observeWeakly(type, observer, predicate) end

---@class Transition
---@field kind TransitionKind
---@field animated boolean
---@field animation string?
---@field container Container
---@field before string[]
---@field after string[]
---@field time number
---@field duration number

---@class App
---@field navigator Navigator
---@field window Container
---@field transitions Transition[]
---@field log string[]
---@field clock number
---@field pendingDeeplink string?
---@field opened string[]              # URLs the app opened (openURL, call, mail, ...)
---@field haptics string[]             # "impact(style: medium)", "selection", ...
---@field hud {indicator: any, message: string?, description: string}?
---@field storeReviewRequests integer
---@field authorizationRequests table<"photos"|"camera", integer>
---@field pendingActions string[]       # custom actions started and not completed
local App = {}
---The abstract state (navscript explore): kinds and screen names (keys with `keys`), the
---selected tab, what is presented, the top; `unwound`: with nothing presented and every
---stack at its root, without selection and top.
---@param keys? boolean
---@param unwound? boolean
---@return string
function App:shape(keys, unwound) end
---How many containers the window holds; the first presentation made over a container
---while it, or one presenting it, was being dismissed; whether the run loop has nothing
---scheduled; and how many errors were logged (what explore's built-in checks read).
---`app:census(n)` is the text of the nth error logged (its `Error:` line without the prefix).
---@overload fun(self: App, error: integer): string?   # nil when fewer were logged
---@return integer containers
---@return string? overDismissal  # "X was presented on Y while Z was being dismissed"
---@return boolean idle
---@return integer errors
function App:census() end
---@param route Route|fun(route: Route): Route   # a function builds it from the window's route
---@return boolean ok
---@return string? err
function App:navigate(route) end
---@param url string
---@return boolean ok
---@return string? err
function App:open(url) end
---@return boolean ok
---@return string? err
function App:resumeDeeplinks() end
---@return Container?
function App:top() end
---@return Container?
function App:topStack() end
---@return Container?
function App:topTabs() end
---@return string
function App:tree() end
---@return table
function App:snapshot() end
---@param seconds number
function App:advance(seconds) end
---@return boolean idle
function App:settle() end
---@param container Container
---@param side? "left"|"right"
---@return boolean ok
---@return string? err
function App:tap(container, side) end
---Answers the system screen `container` shows (the top one when left out), as a user would:
---an action's title, a share activity (nil: close), what a media picker picked (nil: cancel), "done".
---An alert needs its action's title; what is typed into its text fields comes third:
---`app:answer("OK", {texts = {"me@example.com"}})`.
---@param ... string|Container|table|nil  # `app:answer(container?, answer, {texts = {...}}?)`
---@return boolean ok
---@return string? err
function App:answer(...) end
---@param system SystemAnswers
function App:setSystem(system) end

---@class SystemAnswers
---@field idiom? "phone"|"pad"
---@field applicationState? "active"|"inactive"|"background"
---@field canOpenURL? boolean|fun(url: string): boolean
---@field openSucceeds? boolean|fun(url: string): boolean
---@field authorization? table<"photos"|"camera", "notDetermined"|"restricted"|"denied"|"authorized"|"limited">
---@field authorizationAnswer? table<"photos"|"camera", "notDetermined"|"restricted"|"denied"|"authorized"|"limited">
---@field mediaTypes? table<"photoLibrary"|"savedPhotosAlbum"|"camera", ("image"|"movie")[]|false>

---@class DeeplinkTypeSpec
---@field name? string              # the type's name (nav.deeplinkType gives it; a table of its own needs it)
---@field query? table             # {chat_id = "integer", tags = "string[]?"}
---@field fields? string[]          # the order the Swift struct declares its fields in: its log line follows it
---@field url? fun(url: {url: string, scheme: string?, host: string?, path: string[], query: table?, rawQuery: string?, context: any}, context: any): table?, string?
---@field notification? fun(notification: {requestIdentifier: string, categoryIdentifier: string, actionIdentifier: string, userInfo: table, context: any}, context: any): table?, string?
---@field shortcut? fun(shortcut: {type: string, title: string, userInfo: table?, context: any}, context: any): table?, string?
---@field navigate fun(deeplink: table, screens: any, navigator: Navigator, handler: DeeplinkManager): Route?

---@class DeeplinkManager
---@field pendingDeeplinks table<string, {type: string, values: table, description: string}>
---@field deeplinkTypes table<string, string[]>   # the type names of each scope ("default" for `types`)
---@field interceptors string[]                    # where each interceptor was written
---@field navigator Navigator
---@field screens table<string, any>               # each active scope's screens (false when activated without)
local DeeplinkManager = {}
---@return boolean handled
---@return string? err
function DeeplinkManager:handleURL(url, context) end
---@param shouldLogError? boolean # false: a failure is not logged (true by default, as in Nivelir)
---@return boolean
function DeeplinkManager:handleURLIfPossible(url, context, shouldLogError) end
---@return boolean
function DeeplinkManager:canHandleURL(url, context) end
--- Whether a type makes a deeplink of the notification; nothing is logged or handled.
---@param notification {requestIdentifier?: string, categoryIdentifier?: string, actionIdentifier?: string, userInfo?: table}
---@return boolean
function DeeplinkManager:canHandleNotification(notification, context) end
--- Whether a type makes a deeplink of the shortcut; nothing is logged or handled.
---@param shortcut {type: string, title?: string, userInfo?: table}
---@return boolean
function DeeplinkManager:canHandleShortcut(shortcut, context) end
---@param notification {requestIdentifier?: string, categoryIdentifier?: string, actionIdentifier?: string, userInfo?: table}
---@return boolean handled
---@return string? err
function DeeplinkManager:handleNotification(notification, context) end
---@param shouldLogError? boolean # false: a failure is not logged (true by default, as in Nivelir)
---@return boolean
function DeeplinkManager:handleNotificationIfPossible(notification, context, shouldLogError) end
---@param shortcut {type: string, title?: string, userInfo?: table}
---@return boolean handled
---@return string? err
function DeeplinkManager:handleShortcut(shortcut, context) end
---@param shouldLogError? boolean # false: a failure is not logged (true by default, as in Nivelir)
---@return boolean
function DeeplinkManager:handleShortcutIfPossible(shortcut, context, shouldLogError) end
---@param screens? any       # plain data handed to each deeplink's navigate
---@param scope? string      # a scope's key, "default", or every scope
function DeeplinkManager:activate(screens, scope) end
---@param scope? string
function DeeplinkManager:deactivate(scope) end
---@param scope? string
---@return boolean
function DeeplinkManager:isActive(scope) end

---@class DeeplinkLink: string # also reads as its url: tostring(link), link:find("chat"), #link, "got " .. link
---@field url string
---@field pattern string
---@field params table<string, string|integer> # a segment written as a whole number is an integer
---@field query table<string, any>

---@class nav
---@field container Predicate
---@field stack Predicate
---@field tabs Predicate
---@field version string
nav = {}
---@param name string
---@param options? ScreenOptions
---@return ScreenType
function nav.screen(name, options) end
---@param kind? ContainerKind|"container"|Predicate   # or its bare predicate (nav.stack); "container": any container, the window too (Nivelir's ScreenContainer)
---@return Route
function nav.route(kind) end
---@param spec? {root: Node, presented?: Node, system?: SystemAnswers}|{restore: table, system?: SystemAnswers}|Node
---@return App
function nav.app(spec) end
---@param name string
---@param spec DeeplinkTypeSpec
---@return DeeplinkTypeSpec
function nav.deeplinkType(name, spec) end
---@param spec {types?: DeeplinkTypeSpec[], scopes?: {key?: string, types: DeeplinkTypeSpec[]}[], interceptors?: fun(deeplink: {type: string, values: table, description: string}, kind: "url"|"notification"|"shortcut", navigator: Navigator, done: fun(ok?: boolean, message?: string))[], navigator: Navigator}
---@return DeeplinkManager
function nav.deeplinkManager(spec) end
---@param description string
---@param body fun(container: Container): boolean
---@param kind? ContainerKind|"container"|Predicate   # "modal" by default; "container" asks the window too; or nav.stack, nav.tabs, nav.container
---@return Predicate
function nav.predicate(description, body, kind) end
---@param description string
---@param body fun(stack: Container[]): (Container|Screen)[]
---@return Modifier
function nav.modifier(description, body) end
---@param name string
---@param options {on?: ContainerKind|"container"|Predicate, produces?: ContainerKind|"container"|Predicate, perform: fun(container: Container, navigator: Navigator, done: fun(result?: boolean|Container, message?: string), ...)}
function nav.action(name, options) end
---@param name string
---@param body fun(container: Container, options: table?)
function nav.decorator(name, body) end
---@param pattern string
---@param handler fun(params: table<string, string|integer>, query: table<string, any>): (Route|nil, string|number?) # a route, or nil and a reason; `:id` of "app://chat/7" is 7
function nav.deeplink(pattern, handler) end
---@param body fun(link: DeeplinkLink, app: App): (boolean|Route|nil, string?) # true, false or nil with a reason, or a route from the window
function nav.interceptor(body) end

-- Scenarios ---------------------------------------------------------------------------

---@class ScenarioOptions
---@field tags? string[]

---@class Expectation
---@field never Expectation
local Expectation = {}
---@param expected any
function Expectation:toBe(expected) end
---@param expected any
function Expectation:toEqual(expected) end
---@param screen Screen|ScreenType|string # a name as a screen type; a stack shows its top, tabs their selected tab
function Expectation:toShow(screen) end
---@param item any # in a string: a string or a number
function Expectation:toContain(item) end
---@param length integer
function Expectation:toHaveLength(length) end
---@param pattern string
function Expectation:toMatch(pattern) end
function Expectation:toBeTruthy() end
function Expectation:toBeFalsy() end
function Expectation:toBeNil() end
---@param expected number
---@param digits? integer
function Expectation:toBeCloseTo(expected, digits) end
---@param bound number
function Expectation:toBeGreaterThan(bound) end
---@param bound number
function Expectation:toBeGreaterThanOrEqual(bound) end
---@param bound number
function Expectation:toBeLessThan(bound) end
---@param bound number
function Expectation:toBeLessThanOrEqual(bound) end
---@param kinds TransitionKind[]
function Expectation:toHaveTransitions(kinds) end
---@param pattern string
function Expectation:toHaveLogged(pattern) end
function Expectation:toSucceed() end
---@param pattern? string
function Expectation:toFail(pattern) end
---@param name? string
function Expectation:toMatchSnapshot(name) end

---@alias ScenarioDefinition fun(name: string, options: ScenarioOptions|fun()|nil, body?: fun())|fun(name: string): fun(body: fun())

---@class BlockFunction
---@overload fun(name: string, options: ScenarioOptions|fun()|nil, body?: fun())   # options may be nil
---@overload fun(name: string): fun(body: fun())   # busted's curried form: describe "name" (function() end)
---@field only ScenarioDefinition runs only the scenarios (or blocks) so marked in the file
---@field skip ScenarioDefinition reports the scenario (or every scenario of the block) as skipped

---@class ScenarioFunction: BlockFunction
---@field todo fun(name: string) Jest's scenario still to write (it.todo, test.todo): skipped without running, reported as todo

---@type BlockFunction
describe = nil
---@type ScenarioFunction
scenario = nil
---@type ScenarioFunction
it = nil
---@type BlockFunction
context = nil   -- busted's name for describe
---@type BlockFunction
insulate = nil  -- busted's block that keeps its globals: a describe, as every scenario has a fresh state
---@type BlockFunction
expose = nil    -- busted's block that shares its globals: a describe here too
---@type ScenarioFunction
test = nil      -- busted's and Jest's name for it
---@type ScenarioFunction
spec = nil      -- busted's name for it
---@type ScenarioDefinition
xit = nil       -- Jest's and Jasmine's it.skip
---@type ScenarioDefinition
xtest = nil     -- Jest's test.skip
---@type ScenarioDefinition
xdescribe = nil -- Jest's and Jasmine's describe.skip
---@type ScenarioDefinition
fit = nil       -- Jest's and Jasmine's it.only
---@type ScenarioDefinition
fdescribe = nil -- Jest's and Jasmine's describe.only
--- Where scenarios are defined: a scenario that does not run. Inside a running scenario or
--- hook: stops it, reported skipped with `name` as the reason (busted's).
---@param name string
---@param options? ScenarioOptions|fun()
---@param body? fun()
function pending(name, options, body) end
---@param body fun()
function before_each(body) end
---@param body fun()
function after_each(body) end
---@param body fun()
function before_all(body) end
---@param body fun()
function after_all(body) end
---@param body fun()
function setup(body) end
---@param body fun()
function teardown(body) end
---@param body fun()
function lazy_setup(body) end
---@param body fun()
function strict_setup(body) end
---@param body fun()
function lazy_teardown(body) end
---@param body fun()
function strict_teardown(body) end
---Inside a running scenario: runs `body` once the scenario's body has ended, failed or not (busted's).
---@param body fun()
function finally(body) end

---A matcher of expect.extend: gets the received value and the matcher's arguments, and
---returns whether it passes (true or false; nothing is refused) and a message, or a function
---making one, for a failure (given true when the expect is negated with .never); or Jest's
---table, { pass = true or false, message = ... }.
---@alias Matcher fun(received: any, ...): (boolean|{pass: boolean, message?: string|fun(negated: boolean): string}, (string|fun(negated: boolean): string)?)

---@class ExpectFunction
---@overload fun(value: any, extra?: any): Expectation
local ExpectFunction = {}
---@param matchers table<string, Matcher>
function ExpectFunction.extend(matchers) end
---Jest's: the running scenario fails when it ends (its after hooks included) having checked
---other than `count` expectations.
---@param count integer
function ExpectFunction.assertions(count) end
---Jest's: the running scenario fails when it ends having checked no expectation.
function ExpectFunction.hasAssertions() end

---@type ExpectFunction
expect = nil

-- navscript explore -----------------------------------------------------------------------

---@class ExploreGenerator

---@class ExploreAction
---@field name string

---@class ExploreModel

---@class explore
explore = {}
---A whole number from lo to hi (any range); shrinks toward lo.
---@param lo integer
---@param hi integer
---@return ExploreGenerator
function explore.int(lo, hi) end
---One of the values (plain data, nested at most 12 tables deep); shrinks toward the first.
---@param values any[]
---@return ExploreGenerator
function explore.oneOf(values) end
---@return ExploreGenerator
function explore.bool() end
---An action returns nothing or what app:navigate returns; `when` answers true, false or nil.
---@param name string
---@param perform fun(app: App, ...): (boolean?, string?)
---@param options? {args?: ExploreGenerator|ExploreGenerator[], when?: fun(app: App): boolean?, weight?: number}
---@return ExploreAction
function explore.action(name, perform, options) end
---@class ExploreBuiltins  # each built-in invariant, on unless set to false
---@field backToRoot? boolean
---@field expectedErrors? boolean
---@field noPendingActions? boolean
---@field noPresentationOverDismissal? boolean
---@field sizeBound? boolean

---@param spec {start: (fun(): App)|(fun(): App)[], actions: ExploreAction[], invariants?: table<string, fun(app: App): (boolean, string?)>, expected?: string[], builtins?: ExploreBuiltins, maxContainers?: integer, view?: fun(app: App): any}
---@return ExploreModel
function explore.model(spec) end
---Replays steps ({ {"action", args...}, ... }) and fails the way exploring did (saved failures call it).
---@param model ExploreModel
---@param steps table
---@param start? integer
---@param randomSeed? integer the seed of math.random the walk drew with (0)
function explore.replay(model, steps, start, randomSeed) end


return nav
