-- Whether the user is signed in. One table per Lua state: every scenario starts signed out.
local session = { signedIn = false }

function session.signIn() session.signedIn = true end
function session.signOut() session.signedIn = false end

return session
