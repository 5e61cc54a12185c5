-- explore's functions called from a scenario: what explore.replay refuses, at the caller's line.
local model = explore.model {
  start = function() return nav.app() end,
  actions = { explore.action("wait", function(app) app:advance(0.1) end) },
}

describe("explore.replay", function()
  scenario("replays steps that hold", function()
    explore.replay(model, { { "wait" }, { action = "wait", args = {} } })
  end)

  scenario("a model whose action replays it ends at the script's line, not the library's", function()
    local recursive
    recursive = explore.model {
      start = function() return nav.app() end,
      actions = { explore.action("again", function() explore.replay(recursive, { { "again" } }) end) },
    }
    local ok, err = pcall(explore.replay, recursive, { { "again" } })
    expect(ok):toBe(false)
    expect(err):toMatch("explore_api_spec%.lua:%d+: C stack overflow")
    expect(err).never:toContain("?:-1:")
  end)

  scenario("refuses what is not a model, a list of steps, a start or a seed", function()
    expect(function() explore.replay({}, {}) end):toFail("explore_api_spec.lua:%d+: bad argument #1 to 'replay' %(a model from explore.model expected%)")
    expect(function() explore.replay(model, 5) end):toFail("bad argument #2 to 'replay' (a list of steps expected, got number)")
    expect(function() explore.replay(model, { 1 }) end):toFail("explore_api_spec.lua:%d+: bad argument #2 to 'replay' %(step 1 is a number, not { \"action\", args%.%.%. }%)")
    expect(function() explore.replay(model, { { "wait" }, "wait" }) end):toFail("step 2 is a string")
    expect(function() explore.replay(model, {}, 2) end):toFail("bad argument #3 to 'replay' (a start from 1 to 1 expected, got 2)")
    expect(function() explore.replay(model, {}, 1, 1.5) end):toFail("bad argument #4 to 'replay' (an integer seed expected, got 1.5)")
  end)
end)

-- A hand-edited saved scenario whose list has a hole replayed only up to it, and passed.
scenario("explore.replay refuses steps with a hole, and a step with one", function()
  expect(function() explore.replay(model, { { "wait" }, nil, { "wait" } }) end)
    :toFail("explore_api_spec.lua:%d+: bad argument #2 to 'replay' %(step 2 is missing: the steps are a list%)")
  expect(function() explore.replay(model, { [2] = { "wait" } }) end):toFail("(step 1 is missing: the steps are a list)")
  expect(function() explore.replay(model, { { "wait", nil, 1 } }) end)
    :toFail("(step 1 has nothing at position 2: a step is { \"action\", args... }, and no argument is nil)")
end)

scenario("explore.replay refuses an argument that is not plain data, naming it", function()
  expect(function() explore.replay(model, { { "wait", function() end } }) end)
    :toFail("explore_api_spec.lua:%d+: bad argument #2 to 'replay' %(step 1's argument 1 is a function: arguments are plain data%)")
end)
