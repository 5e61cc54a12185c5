-- Decorators: each returns a decorated Screen that keeps the inner key.
local Chat = nav.screen("Chat")
local Feed = nav.screen("Feed")
local Nav = nav.screen("Nav", { container = "stack" })
local Home = nav.screen("Home", { container = "tabs" })

local function built(screen)
  local app = nav.app { root = screen }
  return app.window.children[1], app
end

describe("decorators", function()
  scenario("withStackContainer wraps the screen in an unkeyed stack and keeps the key", function()
    local screen = Chat { chatId = 7 }:withStackContainer()
    expect(tostring(screen)):toBe("Chat(chatId=7)")
    expect(screen.kind):toBe("stack")
    local stack = built(screen)
    expect(stack.kind):toBe("stack")
    expect(stack.key):toBe(nil)
    expect(stack.children[1].key):toBe("Chat(chatId=7)")
  end)

  scenario("apply in order to the container each one produces", function()
    local screen = Chat { chatId = 7 }
      :withLeftBarButton { title = "Close" }
      :withStackContainer()
      :withModalPresentationStyle("fullScreen")
    local stack = built(screen)
    expect(stack.attributes):toEqual({ modalPresentationStyle = "fullScreen" })
    expect(stack.children[1].attributes):toEqual({ leftBarButton = { title = "Close" } })
  end)

  scenario("record modal styles under UIKit's names", function()
    expect(built(Feed():withModalTransitionStyle("crossDissolve")).attributes):toEqual({ modalTransitionStyle = "crossDissolve" })
    expect(built(Feed():withModalTransitioningDelegate("Card")).attributes)
      :toEqual({ modalPresentationStyle = "custom", transitioningDelegate = "Card" })
  end)

  scenario("set bar buttons and tab bar items", function()
    expect(built(Feed():withRightBarButton { title = "Edit" }).attributes):toEqual({ rightBarButton = { title = "Edit" } })
    expect(built(Feed():withTabBarItem { title = "Feed", image = "house", badge = 3 }).attributes)
      :toEqual({ tabBarItem = { title = "Feed", image = "house", badge = "3" } })
    -- UIKit's badgeValue is text: numbers are written as Lua writes them.
    expect(built(Feed():withTabBarItem { badge = 2.0 }).attributes.tabBarItem.badge):toBe("2")
    expect(built(Feed():withTabBarItem { badge = 1.5 }).attributes.tabBarItem.badge):toBe("1.5")
    expect(function() Feed():withTabBarItem { badge = true } end):toFail("option 'badge' must be a string or a number")
    expect(function() Feed():withTabBarItem { badge = math.huge } end):toFail("option 'badge' must be a string or a finite number")
    expect(function() Feed():withTabBarItem { badge = 0 / 0 } end):toFail("option 'badge' must be a string or a finite number")
    expect(function() Feed():withTabBarItem() end):toFail("bad argument #1 to 'withTabBarItem' (table of options expected, got no value)")
  end)

  scenario("anchor a popover only when the style is popover first", function()
    expect(built(Feed():withPopoverPresentation { anchor = "center" }).attributes):toEqual({})
    expect(built(Feed():withModalPresentationStyle("popover"):withPopoverPresentation { anchor = "center" }).attributes)
      :toEqual({ modalPresentationStyle = "popover", popoverAnchor = "center" })
    expect(function() Feed():withPopoverPresentation { anchor = 5 } end):toFail("option 'anchor' must be a name or a table")
  end)

  scenario("present as a bottom sheet", function()
    local sheet = built(Feed():withBottomSheet { detents = { "medium", "large" } })
    expect(sheet.attributes.modalPresentationStyle):toBe("custom")
    expect(sheet.attributes.bottomSheet):toEqual({ detents = { "medium", "large" } })
    local stacked = built(Feed():withBottomSheetStack {})
    expect(stacked.kind):toBe("stack")
    expect(stacked.attributes.bottomSheet):toEqual({ detents = { "large" } })
    -- None is taken, as Nivelir's own bottom sheet takes it (UIKit's sheet would raise).
    expect(built(Feed():withBottomSheet { detents = {} }).attributes.bottomSheet):toEqual({ detents = {} })
    expect(function() Feed():withBottomSheet { detents = { 1 } } end):toFail("option 'detents' must be a list of names")
    expect(function() Feed():withBottomSheet { detents = { medium = true } } end):toFail("option 'detents' must be a list of names")
    -- None restores as none: the copy is drawn as the original is.
    local app = nav.app { root = Feed() }
    app:navigate(nav.route():root():present(Feed():withBottomSheet { detents = {} }))
    expect(nav.app { restore = app:snapshot() }:tree()):toBe(app:tree())
  end)

  scenario("withStack and withTabs replace the contents; withTabs keeps the first tab selected", function()
    local stack = built(Nav():withStack(Feed(), Chat { chatId = 1 }))
    expect(#stack.children):toBe(2)
    expect(stack.children[2].key):toBe("Chat(chatId=1)")
    local tabs = built(Home():withTabs(Feed(), Chat()))
    expect(#tabs.children):toBe(2)
    expect(tabs.selectedIndex):toBe(1)
    -- or a list, as Nivelir's withStack(_ screens: [AnyModalScreen])
    expect(#built(Nav():withStack { Feed(), Chat(), Feed { page = 2 } }).children):toBe(3)
    expect(built(Home():withTabs { Feed(), Chat() }).children[2].key):toBe("Chat")
  end)

  scenario("a bar button's route runs when it is tapped", function()
    local close = nav.route("modal"):presenting():dismiss()
    local app = nav.app { root = Feed(), presented = Chat():withLeftBarButton { title = "Close", route = close }:withStackContainer() }
    local chat = app:top()
    expect(app:tap(chat, "left")):toBe(true)
    expect(app:top()):toShow(Feed())
    expect(app:tap(chat, "right")):toFail("<UIViewController: Chat> has no rightBarButton (withLeftBarButton and withRightBarButton set one)", true)
    local wrapped = nav.app { root = Feed():withStackContainer():withLeftBarButton { title = "Close" } }
    expect(wrapped:tap(wrapped:top(), "left"))
      :toFail("<UIViewController: Feed> has no leftBarButton (withLeftBarButton and withRightBarButton set one): its <UINavigationController> has one, which no bar shows (a navigation bar shows its top screen's; decorate the screen before withStackContainer)", true)
  end)

  scenario("a bar button is tapped only where UIKit shows it: on its stack's top screen, on screen", function()
    local go = nav.route("modal"):top(nav.stack):push(Feed { page = 9 })
    local button = { title = "Go", route = go }
    local app = nav.app { root = nav.stack { Feed(), Chat():withRightBarButton(button), Feed { page = 2 } } }
    local covered = app:topStack().children[2]
    expect(app:tap(covered, "right")):toFail("is not on screen: a navigation bar shows the items of its stack's top screen")
    local alone = nav.app { root = Chat():withRightBarButton(button) }
    expect(alone:tap(alone:top(), "right")):toFail("is not on screen")
    local under = nav.app { root = nav.stack { Chat():withRightBarButton(button) }, presented = Feed():withModalPresentationStyle("fullScreen") }
    expect(under:tap(under.window.children[1].children[1], "right")):toFail("is not on screen")
    -- A sheet leaves its presenter on screen, under its dimming view, which takes the touch.
    for _, style in ipairs { "automatic", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "popover" } do
      local sheet = nav.app { root = nav.stack { Chat():withRightBarButton(button) }, presented = Feed():withModalPresentationStyle(style) }
      expect(sheet:tap(sheet.window.children[1].children[1], "right"))
        :toFail("The rightBarButton of <UIViewController: Chat> is under <UIViewController: Feed>, which takes the tap: dismiss it first")
      expect(sheet.transitions):toHaveLength(0)
    end
    -- A button without a route is there, and does nothing.
    local inert = nav.app { root = nav.stack { Chat():withRightBarButton { title = "Info" } } }
    expect(inert:tap(inert:top(), "right")):toBe(true)
    expect(inert.transitions):toHaveLength(0)
  end)

  scenario("a custom decorator may set the container's children, as Nivelir's decorators get the navigator", function()
    nav.decorator("fill", function(container) container:setChildren { Feed(), Chat() } end)
    local Holder = nav.screen("Holder", { container = "stack" })
    local app = nav.app { root = Holder():decorated("fill") }
    expect(#app.window.children[1].children):toBe(2)
    expect(app:navigate(nav.route():top(nav.container):present(Holder():decorated("fill")))):toSucceed()
    expect(app:top()):toShow(Chat())
  end)

  scenario("custom decorators run on the built container", function()
    nav.decorator("withBadge", function(container, options) container:setAttribute("badge", options.count) end)
    expect(built(Feed():decorated("withBadge", { count = 5 })).attributes):toEqual({ badge = 5 })
  end)

  scenario("refuse the wrong kind of screen and unknown values", function()
    expect(function() Feed():withStack(Chat()) end):toFail("calling 'withStack' on bad self (stack screen expected, got modal screen)")
    expect(function() Feed():withTabs(Chat()) end):toFail("calling 'withTabs' on bad self (tabs screen expected, got modal screen)")
    expect(function() Feed():withModalPresentationStyle("sheet") end):toFail("unknown presentation style 'sheet' (automatic, fullScreen")
    expect(function() Feed():withModalTransitionStyle(3) end):toFail("bad argument #1 to 'withModalTransitionStyle' (unknown transition style '3'")
    expect(function() Feed():withLeftBarButton {} end):toFail("a bar button needs a title")
    expect(function() Feed():withLeftBarButton { title = "X", route = 1 } end):toFail("option 'route' must be a Route")
    expect(function() Feed():withLeftBarButton { title = "X", route = nav.route():top(nav.stack) } end)
      :toFail("option 'route' must be a Route rooted at modal, as nav.route(\"modal\") starts, for the modal container the button is on (got a Route rooted at window)")
    expect(function() Feed():withRightBarButton { title = "X", route = nav.route("stack"):pop() } end):toFail("(got a Route rooted at stack)")
    expect(Nav():withRightBarButton { title = "X", route = nav.route("stack"):pop() }.kind):toBe("stack")
    expect(function() Feed():decorated("nothing") end):toFail("no decorator 'nothing' (define it with nav.decorator)")
    nav.decorator("withNothing", function() end)
    nav.decorator("wrapped", function() return Feed() end)
    expect(nav.app { root = nav.stack { Feed() } }:navigate(nav.route():top(nav.stack):push(Feed():decorated("wrapped"))))
      :toFail("decorators_spec.lua:%d+: the decorator 'wrapped' returned Screen: a script's decorator changes the container it is given")
    nav.decorator("same", function(container) container:setAttribute("badge", 1) return container end)   -- its own container back is fine
    expect(nav.app { root = nav.stack { Feed() } }:navigate(nav.route():top(nav.stack):push(Feed():decorated("same")))):toSucceed()
    expect(function() Feed():decorated("withNothing", 5) end):toFail("bad argument #2 to 'decorated' (table of options expected, got number)")
    expect(function() Nav():withStack(1) end):toFail("bad argument #1 to 'withStack' (Screen expected, got number)")
    expect(function() Nav():withStack { Feed(), 2 } end):toFail("bad argument #1 to 'withStack' (Screen expected at [2], got number)")
    expect(function() nav.decorator("", function() end) end):toFail("bad argument #1 to 'decorator' (a decorator needs a name)")
    expect(function() Feed.withStackContainer() end):toFail("attempt to call a nil value")
    local screen = Feed()
    expect(function() screen.withStackContainer(nil) end):toFail("bad argument #1 to 'withStackContainer' (Screen expected, got nil)")
    -- A table whose __name poses as the type is named by its own type, not "got Screen".
    local impostor = setmetatable({}, { __name = "Screen" })
    expect(function() screen.withStackContainer(impostor) end)
      :toFail("bad argument #1 to 'withStackContainer' (Screen expected, got table (its __name says Screen))", true)
  end)
end)

describe("withStackContainer of a class, and withModalStyle", function()
  local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
  local here = nav.route():top(nav.container)

  scenario("a stack of a named class is one in logs and searches", function()
    local app = nav.app { root = nav.stack { Feed() } }
    expect(app:navigate(here:present(Chat():withStackContainer("SheetNavigationController")))):toSucceed()
    expect(app:top().parent.typeName):toBe("SheetNavigationController")
    expect(app:top().parent.kind):toBe("stack")
    expect(app.window.children[1].typeName):toBe("UINavigationController")
  end)

  scenario("withModalStyle sets the presentation and transition styles, or a custom delegate", function()
    local app = nav.app { root = nav.stack { Feed() } }
    app:navigate(here:present(Chat():withModalStyle { presentation = "formSheet", transition = "crossDissolve" }))
    expect(app:top().attributes.modalPresentationStyle):toBe("formSheet")
    expect(app:top().attributes.modalTransitionStyle):toBe("crossDissolve")
    app:navigate(here:present(Chat():withModalStyle { delegate = "Cards" }))
    expect(app:top().attributes.modalPresentationStyle):toBe("custom")
    expect(app:top().attributes.transitioningDelegate):toBe("Cards")
    expect(function() Chat():withModalStyle { presentation = "bogus" } end):toFail("unknown presentation style 'bogus'")
    -- Nivelir's ScreenModalStyle is a delegate's custom style or the two styles, not both.
    expect(function() Chat():withModalStyle { delegate = "Cards", presentation = "formSheet" } end):toFail("option 'delegate' goes alone")
  end)

  scenario("an option's text is UTF-8, refused otherwise where it is written (it would show changed)", function()
    local Feed = nav.screen("Feed")
    expect(function() Feed():withTabBarItem { title = "bad \255" } end)
      :toFail("bad argument #1 to 'withTabBarItem' (option 'title': a string that is not UTF-8 text cannot be copied)")
    expect(function() nav.route():top(nav.container):showHUD { message = "bad \255" } end)
      :toFail("bad argument #1 to 'showHUD' (option 'message': a string that is not UTF-8 text cannot be copied)")
  end)
end)

describe("decorator limits and classes", function()
  scenario("a screen at its decorator limit is a bad self", function()
    local screen = Chat()
    for _ = 1, 100 do screen = screen:withModalPresentationStyle("fullScreen") end
    expect(function() screen:withModalPresentationStyle("fullScreen") end)
      :toFail("calling 'withModalPresentationStyle' on bad self (a screen takes at most 100 decorators)")
    expect(function() screen:withBottomSheetStack {} end)
      :toFail("calling 'withBottomSheetStack' on bad self (a screen takes at most 100 decorators)")
  end)

  scenario("withBottomSheetStack takes the stack's class, as Nivelir's withBottomSheetStack(_:of:)", function()
    local sheet = built(Chat():withBottomSheetStack({ detents = { "medium" } }, "SheetNavigation"))
    expect(sheet.typeName):toBe("SheetNavigation")
    expect(sheet.attributes.bottomSheet.detents):toEqual({ "medium" })
    expect(built(Chat():withBottomSheetStack {}).typeName):toBe("BottomSheetStackController")
  end)

  scenario("withBottomSheetStack is one decorator, as Nivelir's ScreenBottomSheetStackDecorator", function()
    local screen = Chat()
    for _ = 1, 99 do screen = screen:withModalPresentationStyle("fullScreen") end
    local sheet = built(screen:withBottomSheetStack { detents = { "medium" } })
    expect(sheet.kind):toBe("stack")
    expect(sheet.attributes.bottomSheet.detents):toEqual({ "medium" })
  end)
end)

-- LUA_API: "What a decorator sets shows in the container's attributes".
describe("container.attributes written in a decorator or a build", function()
  scenario("are the container's once it returns, nested fields and setAttribute calls made after the read too", function()
    nav.decorator("tint", function(container, options) container.attributes.tint = options.color end)
    nav.decorator("item", function(container)
      local attributes = container.attributes
      container:setAttribute("kept", 1)
      attributes.tabBarItem.badge = "5"
      container.attributes.tabBarItem.title = "T"   -- the same table, read again
    end)
    local Built = nav.screen("Built", { build = function(container) container.attributes.built = { 1, 2 } end })
    local sheet = built(Built():withTabBarItem { title = "A" }:decorated("item"):decorated("tint", { color = "red" }))
    expect(sheet.attributes):toEqual({ built = { 1, 2 }, kept = 1, tint = "red", tabBarItem = { title = "T", badge = "5" } })
    sheet.attributes.tint = "blue"   -- elsewhere a copy, as every value read from a container
    expect(sheet.attributes.tint):toBe("red")
  end)

  scenario("remove what is set to nil, and check what is written as setAttribute does, at the function's line", function()
    nav.decorator("untint", function(container) container.attributes.modalPresentationStyle = nil end)
    nav.decorator("sideways", function(container) container.attributes.modalPresentationStyle = "sideways" end)
    nav.decorator("printer", function(container) container.attributes.print = print end)
    expect(built(Chat():withModalPresentationStyle("pageSheet"):decorated("untint")).attributes):toEqual({})
    local ok, err = nav.app():navigate(nav.route():setRoot(Chat():decorated("sideways")))
    expect(ok):toBe(false)
    expect(err):toMatch("decorators_spec.lua:%d+: the decorator 'sideways' wrote container.attributes.modalPresentationStyle: unknown presentation style 'sideways'")
    ok, err = nav.app():navigate(nav.route():setRoot(Chat():decorated("printer")))
    expect(err):toMatch("decorators_spec.lua:%d+: the decorator 'printer' wrote container.attributes that are not plain data: plain data expected %(strings, numbers, booleans and tables of them%), got function at print")
  end)
end)
