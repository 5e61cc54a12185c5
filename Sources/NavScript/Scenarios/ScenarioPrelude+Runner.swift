extension ScenarioPrelude {
    /// The runner the host drives (`list`, `found`, `select`, `hooks`, `body`): the end of
    /// the prelude's chunk, which returns it.
    static let runnerSource = #"""
-- The runner the host drives ----------------------------------------------------------------

local runner = {}

-- In a file that marks scenarios with .only, the others are skipped.
function runner.list()
  local out = {}
  for i, s in ipairs(scenarios) do
    out[i] = { name = s.name, tags = s.tags, line = s.line, pending = s.pending or (focused and not s.only) or false,
               only = s.only or false }
  end
  return out
end

-- How many scenarios of the file are the target (1 unless the file changed).
function runner.found() return #scenarios end

-- Keeps only the scenario named `name` defined at `line`, in a state that recorded them all
-- (a template); how many there were.
function runner.select(name, line)
  local kept = {}
  for _, s in ipairs(scenarios) do
    if s.name == name and s.line == line then kept[#kept + 1] = s end
  end
  scenarios = kept
  return #kept
end

-- The target's hooks. "before": before_all of each block, outermost first, then before_each,
-- outermost first. "after": after_each innermost first, then after_all innermost first. Each
-- scenario runs in a fresh state, so a before_all runs once per describe in that state.
function runner.hooks(which)
  running = true
  local chain, b = {}, scenarios[1].block
  while b do insert(chain, 1, b); b = b.parent end
  local out = {}
  local function add(list) for _, f in ipairs(list) do out[#out + 1] = f end end
  if which == "before" then
    for _, b in ipairs(chain) do add(b.beforeAll) end
    for _, b in ipairs(chain) do add(b.before) end
  else
    for i = #chain, 1, -1 do add(chain[i].after) end
    for i = #chain, 1, -1 do add(chain[i].afterAll) end
  end
  return out
end

function runner.body()
  running = true
  return scenarios[1].body
end

return runner
"""#
}
