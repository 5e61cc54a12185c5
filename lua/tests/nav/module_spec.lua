-- The nav module itself.
describe("the nav module", function()
  scenario("is a global and what require returns", function()
    expect(require("nav") == nav):toBe(true)
    expect(type(nav.screen)):toBe("function")
    expect(nav.version):toMatch("^%d+%.%d+%.%d+$")
  end)

  scenario("is read-only", function()
    expect(function() nav.screen = nil end):toFail("the nav module is read-only")
    expect(function() nav.extra = 1 end):toFail("the nav module is read-only")
    expect(getmetatable(nav)):toBe("nav")
    expect(type(nav.screen)):toBe("function")
  end)

  scenario("lists itself to pairs, as a module table does", function()
    local names = {}
    for name, value in pairs(nav) do
      expect(rawequal(nav[name], value)):toBe(true)
      names[#names + 1] = name
    end
    table.sort(names)
    expect(names):toContain("screen")
    expect(names):toContain("version")
    expect(#names):toBe(15)
  end)

  scenario("replacing the global does not break what scripts already hold", function()
    local module = nav
    nav = nil
    expect(require("nav") == module):toBe(true)
    expect(tostring(module.route())):toBe("Route(window → window, 0 actions)")
    nav = module
  end)
end)

describe("scenarios", function()
  local order = {}
  before_each(function() order[#order + 1] = "outer before" end)
  after_each(function() order[#order + 1] = "outer after" end)

  describe("nested", { tags = { "inner" } }, function()
    before_each(function() order[#order + 1] = "inner before" end)
    after_each(function() order[#order + 1] = "inner after" end)

    it("runs befores outermost first, in a fresh state", function()
      expect(order):toEqual({ "outer before", "inner before" })
    end)
  end)

  pending("a pending scenario is skipped")

  scenario("expect negates with never", function()
    expect(1).never:toBe(2)
    expect({ 1 }).never:toEqual({ 2 })
    expect("abc").never:toContain("d")
    expect({}).never:toHaveLength(1)
    expect("abc").never:toMatch("^b")
  end)

  scenario("toContain, toHaveLength, toMatch", function()
    expect("hello world"):toContain("o w")
    expect({ 1, { 2 } }):toContain({ 2 })
    expect({ 1, 2, 3 }):toHaveLength(3)
    expect("hello"):toHaveLength(5)
    expect("chat 42"):toMatch("%d+")
    expect("a.b"):toMatch("a.b")
    expect(function() expect(5):toContain(1) end):toFail("toContain needs a string or a table, got number")
  end)

  scenario("toFail takes a function or a navigation result", function()
    expect(function() error("boom") end):toFail("boom")
    expect(function() end).never:toFail()
    expect(false, "navigation failed"):toFail("failed")
    expect(true).never:toFail()
  end)
end)

-- Options are optional in the middle too, as a route verb's are: an explicit nil is none.
local ranWithNilOptions = false
describe("a block with nil options", nil, function()
  scenario("runs", nil, function()
    ranWithNilOptions = true
    expect(ranWithNilOptions):toBe(true)
  end)
end)
