-- The definitions of the scenario DSL as busted spells them: the curried form, its other
-- names, and definitions refused once scenarios run.
describe "the curried form" (function()
  it "defines a scenario" (function() expect(1):toBe(1) end)
  context("context, test and spec", function()
    test("are describe and scenario", function() expect(2):toBe(2) end)
    spec "too" (function() expect(3):toBe(3) end)
  end)
  -- A name alone waits for its function (one that never gets it does not load, as in Jest).
  local later = it("gets its function later") later(function() expect(4):toBe(4) end)
end)

scenario("a definition inside a running scenario is refused", function()
  local ok, err = pcall(function() it("late", function() end) end)
  expect(ok):toBe(false)
  expect(err):toContain("dsl_spec.lua:14: 'it' is not allowed inside a running scenario or hook")
  expect(function() describe("late", function() end) end):toFail("'describe' is not allowed inside a running scenario")
  expect(function() before_each(function() end) end):toFail("'before_each' is not allowed")
  expect(function() scenario.only("late", function() end) end):toFail("'scenario.only' is not allowed")
end)

scenario("scenario and it are the same (each name a table of its own, so that errors name it as written)", function()
  expect(scenario == it):toBe(true)
  expect(it == test):toBe(true)
  expect(spec == scenario):toBe(true)
  expect(describe == context):toBe(true)
  expect(describe == it):toBe(false)
  expect(it == {}):toBe(false)
end)
