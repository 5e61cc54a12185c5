-- The screens of the example app: a tab bar with Search, Favourites, Chats and Profile,
-- each tab a navigation stack.
local S = {}

S.Search = nav.screen("Search")
S.SearchResults = nav.screen("SearchResults")
S.Place = nav.screen("Place")
S.Favourites = nav.screen("Favourites")
S.ChatList = nav.screen("ChatList")
S.Chat = nav.screen("Chat")
S.Profile = nav.screen("Profile")
S.Settings = nav.screen("Settings")
S.EditProfile = nav.screen("EditProfile")
S.SignIn = nav.screen("SignIn")
S.PhotoViewer = nav.screen("PhotoViewer")
S.Filters = nav.screen("Filters")
S.Share = nav.screen("Share")
S.Onboarding = nav.screen("Onboarding")
S.ChatPicker = nav.screen("ChatPicker")

-- The tabs, in order; `tabs.chats` is the index of the Chats tab.
S.tabs = { search = 1, favourites = 2, chats = 3, profile = 4 }

-- The tab bar sets up its own tabs when it is built, as Nivelir's HomeScreen does.
S.Home = nav.screen("Home", { container = "tabs", build = function(tabs)
  tabs:setChildren {
    S.Search():withTabBarItem { title = "Search", image = "magnifyingglass" }:withStackContainer(),
    S.Favourites():withTabBarItem { title = "Favourites", image = "star" }:withStackContainer(),
    S.ChatList():withTabBarItem { title = "Chats", image = "bubble" }:withStackContainer(),
    S.Profile():withTabBarItem { title = "Profile", image = "person" }:withStackContainer(),
  }
end })

return S
