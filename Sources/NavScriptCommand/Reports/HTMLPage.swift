/// The HTML report's page: one file with its styles, its script and the run's data inline.
/// The script builds the page from the data: the suite with filters, a scenario's steps
/// with their pictures (←/→ step through them), the navigation map, coverage. Its Content
/// Security Policy allows nothing from outside the file.
enum HTMLPage {
    static func render(data: String, title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
        <title>\(title)</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header id="header"></header>
        <nav id="views"></nav>
        <main id="main"><noscript>This report needs JavaScript to show the run.</noscript></main>
        <script id="report-data" type="application/json">\(data)</script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    static let style = """
    :root { --fg: #1d1d1f; --dim: #6e6e73; --line: #d2d2d7; --bg: #f6f7f9; --card: #fff; --pass: #1f883d; --fail: #cf222e; --skip: #9a6700; --accent: #0969da; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); }
    header { padding: 16px 24px 8px; background: var(--card); border-bottom: 1px solid var(--line); }
    header h1 { font-size: 18px; margin: 0 0 6px; }
    .chips span { display: inline-block; margin-right: 10px; font-weight: 600; }
    .chips .passed { color: var(--pass); } .chips .failed { color: var(--fail); } .chips .skipped { color: var(--skip); }
    code, pre { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
    pre { background: #f0f1f3; padding: 8px 10px; border-radius: 6px; overflow: auto; white-space: pre-wrap; }
    .command { color: var(--dim); margin-top: 4px; }
    nav { padding: 0 24px; background: var(--card); border-bottom: 1px solid var(--line); }
    nav button { border: 0; background: none; padding: 10px 12px; font: inherit; cursor: pointer; border-bottom: 2px solid transparent; }
    nav button.active { border-bottom-color: var(--accent); font-weight: 600; }
    main { display: flex; gap: 16px; padding: 16px 24px; align-items: flex-start; }
    #list { width: 38%; min-width: 280px; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
    #detail { flex: 1; min-width: 0; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; }
    .filters { display: flex; flex-wrap: wrap; gap: 6px; padding: 10px; border-bottom: 1px solid var(--line); }
    .filters button { border: 1px solid var(--line); background: var(--card); border-radius: 14px; padding: 2px 10px; cursor: pointer; font: inherit; }
    .filters button.active { background: var(--accent); color: #fff; border-color: var(--accent); }
    .filters input, .filters select { font: inherit; padding: 2px 6px; border: 1px solid var(--line); border-radius: 6px; }
    .filters input { flex: 1; min-width: 120px; }
    .file { padding: 6px 10px 2px; font-weight: 600; color: var(--dim); font-size: 12px; }
    ul.scenarios { list-style: none; margin: 0; padding: 0 0 6px; }
    li.scenario { padding: 5px 10px 5px 24px; cursor: pointer; position: relative; }
    li.scenario:hover { background: #f0f3f6; } li.scenario.selected { background: #ddf4ff; }
    li.scenario::before { position: absolute; left: 8px; font-weight: 700; }
    li.passed::before { content: "✓"; color: var(--pass); } li.failed::before { content: "✗"; color: var(--fail); } li.skipped::before { content: "○"; color: var(--skip); }
    .meta { color: var(--dim); font-size: 12px; }
    .tag { display: inline-block; background: #eaeef2; border-radius: 10px; padding: 0 7px; margin-left: 4px; font-size: 11px; color: var(--dim); }
    h2 { font-size: 16px; margin: 0 0 4px; }
    .status-failed { color: var(--fail); } .status-passed { color: var(--pass); } .status-skipped { color: var(--skip); }
    pre.failure .expected { color: var(--pass); } pre.failure .received { color: var(--fail); font-weight: 600; }
    pre.failure, pre.output { max-height: 32em; }
    .viewer { display: flex; gap: 16px; margin-top: 12px; align-items: flex-start; flex-wrap: wrap; }
    ol.steps { margin: 0; padding: 0; list-style: none; width: 280px; max-height: 520px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
    ol.steps li { padding: 4px 8px; cursor: pointer; border-bottom: 1px solid #f0f1f3; font-size: 12px; }
    ol.steps li.current { background: #ddf4ff; } ol.steps li.bad { color: var(--fail); font-weight: 600; }
    ol.steps li .k { font-weight: 600; }
    .picture { flex: 1; min-width: 260px; overflow: auto; }
    .picture svg { max-width: 100%; height: auto; }   /* and no less than 60 % of its size (readable): the box scrolls */
    .controls { display: flex; gap: 8px; align-items: center; margin: 6px 0; }
    .controls button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--card); cursor: pointer; }
    .changes li { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
    .empty { color: var(--dim); padding: 16px; }
    #mapview { width: 100%; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; overflow: auto; }
    table.coverage { border-collapse: collapse; width: 100%; font-size: 13px; }
    table.coverage td, table.coverage th { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; }
    .src { font: 12px/1.45 ui-monospace, Menlo, Consolas, monospace; white-space: pre; }
    .src .hit { background: #dafbe1; } .src .miss { background: #ffebe9; }
    """

    static let script = #"""
    (function () {
      'use strict';
      var data = JSON.parse(document.getElementById('report-data').textContent);
      var state = { view: 'scenarios', status: 'all', tag: '', text: '', file: -1, scenario: -1, step: 0 };

      function el(tag, attrs, children) {
        var node = document.createElement(tag);
        Object.keys(attrs || {}).forEach(function (key) {
          if (key === 'text') node.textContent = attrs[key];
          else if (key === 'onclick') node.addEventListener('click', attrs[key]);
          else node.setAttribute(key, attrs[key]);
        });
        (children || []).forEach(function (child) { if (child) node.appendChild(child); });
        return node;
      }
      // A failure's message, a diff's "- expected" lines green and "+ received" red, as Jest
      // colours them: below the diff's "  - expected" legend, its lines marked at its indent
      // (context lines are indented further, whatever they start with).
      function failureText(text, status) {
        var pre = el('pre', { 'class': 'failure status-' + status }), diff = false;
        text.split('\n').forEach(function (line, index) {
          if (index) pre.appendChild(document.createTextNode('\n'));
          if (line === '  - expected') diff = true;
          var side = !diff ? null : /^  - /.test(line) ? 'expected' : /^  \+ /.test(line) ? 'received' : null;
          pre.appendChild(side ? el('span', { 'class': side, text: line }) : document.createTextNode(line));
        });
        return pre;
      }
      function seconds(value) { return value < 1 ? Math.round(value * 1000) + ' ms' : value.toFixed(2) + ' s'; }
      function scenarioAt(f, s) { return (data.files[f] || { scenarios: [] }).scenarios[s]; }

      function renderHeader() {
        var sum = data.summary;
        var header = document.getElementById('header');
        header.appendChild(el('h1', { text: 'NavScript report' }));
        header.appendChild(el('div', { 'class': 'chips' }, [
          el('span', { 'class': 'passed', text: sum.passed + ' passed' }),
          el('span', { 'class': 'failed', text: sum.failed + ' failed' }),
          el('span', { 'class': 'skipped', text: sum.skipped + ' skipped' }),
          data.loadErrors.length ? el('span', { 'class': 'failed', text: data.loadErrors.length + (data.loadErrors.length === 1 ? ' file does' : ' files do') + ' not load' }) : null,
          sum.notRun ? el('span', { text: sum.notRun + ' not run' }) : null,
          el('span', { 'class': 'meta', text: 'in ' + seconds(sum.duration) + ' · seed ' + sum.seed })
        ]));
        if (sum.command) header.appendChild(el('div', { 'class': 'command' }, [el('code', { id: 'command', text: sum.command })]));
        data.loadErrors.forEach(function (error) {
          header.appendChild(el('pre', { 'class': 'status-failed load-error', text: error.path + ' does not load: ' + error.message }));
        });
      }

      function renderViews() {
        var nav = document.getElementById('views');
        nav.innerHTML = '';
        var views = [['scenarios', 'Scenarios'], ['map', 'Navigation map']];
        if (data.coverage) views.push(['coverage', 'Coverage']);
        views.forEach(function (view) {
          nav.appendChild(el('button', { 'class': state.view === view[0] ? 'active' : '', 'data-view': view[0], text: view[1],
            onclick: function () { state.view = view[0]; update(); } }));
        });
      }

      function matches(scenario, path) {
        if (state.status !== 'all' && scenario.status !== state.status) return false;
        if (state.tag && scenario.tags.indexOf(state.tag) < 0) return false;
        if (state.text) {
          var text = (path + ' ' + scenario.name + ' ' + (scenario.message || '')).toLowerCase();
          if (text.indexOf(state.text.toLowerCase()) < 0) return false;
        }
        return true;
      }

      function renderList(container) {
        var list = el('div', { id: 'list' });
        var counts = { all: 0, passed: 0, failed: 0, skipped: 0 }, tags = {};
        data.files.forEach(function (file) {
          file.scenarios.forEach(function (s) { counts.all++; counts[s.status]++; s.tags.forEach(function (t) { tags[t] = true; }); });
        });
        var filters = el('div', { 'class': 'filters' });
        ['all', 'failed', 'passed', 'skipped'].forEach(function (status) {
          filters.appendChild(el('button', { 'class': state.status === status ? 'active' : '', 'data-status': status,
            text: status + ' ' + counts[status], onclick: function () { state.status = status; update(); } }));
        });
        var tagSelect = el('select', { id: 'tag' }, [el('option', { value: '', text: 'any tag' })]);
        Object.keys(tags).sort().forEach(function (tag) {
          var option = el('option', { value: tag, text: tag });
          if (tag === state.tag) option.selected = true;
          tagSelect.appendChild(option);
        });
        tagSelect.addEventListener('change', function () { state.tag = tagSelect.value; update(); });
        filters.appendChild(tagSelect);
        var search = el('input', { id: 'search', type: 'search', placeholder: 'filter by text' });
        search.value = state.text;
        search.addEventListener('input', function () { state.text = search.value; renderListOnly(); });
        filters.appendChild(search);
        list.appendChild(filters);
        var body = el('div', { id: 'list-body' });
        list.appendChild(body);
        container.appendChild(list);
        fillList(body);
      }

      function fillList(body) {
        body.innerHTML = '';
        var shown = 0;
        data.files.forEach(function (file, f) {
          var items = el('ul', { 'class': 'scenarios' });
          file.scenarios.forEach(function (s, i) {
            if (!matches(s, file.path)) return;
            shown++;
            var item = el('li', { 'class': 'scenario ' + s.status + (f === state.file && i === state.scenario ? ' selected' : ''),
              'data-name': s.name, 'data-status': s.status,
              onclick: function () { select(f, i, -1); } }, [
              el('span', { text: s.name }),
              el('span', { 'class': 'meta', text: ' · ' + seconds(s.duration) })
            ]);
            s.tags.forEach(function (t) { item.appendChild(el('span', { 'class': 'tag', text: t })); });
            items.appendChild(item);
          });
          if (items.childNodes.length) {
            body.appendChild(el('div', { 'class': 'file', text: file.path }));
            body.appendChild(items);
          }
        });
        if (!shown) body.appendChild(el('div', { 'class': 'empty', text: 'No scenario matches.' }));
      }

      function renderListOnly() { fillList(document.getElementById('list-body')); }

      // The step a failure points at: the failed expectation, else the last failed step, else the last.
      function failingStep(scenario) {
        for (var i = scenario.steps.length - 1; i >= 0; i--) if (!scenario.steps[i].ok && scenario.steps[i].kind === 'expect') return i;
        for (var j = scenario.steps.length - 1; j >= 0; j--) if (!scenario.steps[j].ok) return j;
        return scenario.steps.length - 1;
      }

      function select(f, s, step) {
        var scenario = scenarioAt(f, s);
        if (!scenario) return;
        state.file = f; state.scenario = s;
        state.step = step >= 0 ? step : (scenario.status === 'failed' ? failingStep(scenario) : 0);
        // Counted as everything the page shows is: from 1, the step by its number.
        var shown = scenario.steps[state.step];   // none for a scenario that recorded no step
        history.replaceState(null, '', '#' + (f + 1) + '.' + (s + 1) + '.' + (shown ? shown.number : 1));
        update();
      }

      // The picture shown for a step: its own, or the last one before it.
      function pictureFor(scenario, index) {
        for (var i = index; i >= 0; i--) if (scenario.steps[i].picture !== undefined && scenario.steps[i].picture !== null) return scenario.steps[i].picture;
        return null;
      }

      function renderDetail(container) {
        var detail = el('div', { id: 'detail' });
        container.appendChild(detail);
        var scenario = scenarioAt(state.file, state.scenario);
        if (!scenario) { detail.appendChild(el('div', { 'class': 'empty', text: 'Choose a scenario.' })); return; }
        detail.appendChild(el('h2', { 'class': 'status-' + scenario.status, text: scenario.name }));
        detail.appendChild(el('div', { 'class': 'meta', text: scenario.status + ' · ' + scenario.location + ' · ' + seconds(scenario.duration) }));
        if (scenario.message) detail.appendChild(failureText(scenario.message, scenario.status));
        if (scenario.traceback) detail.appendChild(el('details', { 'class': 'traceback' }, [
          el('summary', { text: 'stack traceback' }), el('pre', { 'class': 'output', text: scenario.traceback })]));
        if (scenario.output) detail.appendChild(el('pre', { 'class': 'output', text: scenario.output }));
        if (!scenario.steps.length) { detail.appendChild(el('div', { 'class': 'empty', text: 'No steps were recorded.' })); return; }
        var index = Math.max(0, Math.min(state.step, scenario.steps.length - 1));
        var step = scenario.steps[index];
        var steps = el('ol', { 'class': 'steps' });
        var count = scenario.steps[scenario.steps.length - 1].number;
        scenario.steps.forEach(function (s, i) {
          if (s.omitted) steps.appendChild(el('li', { 'class': 'meta', text: '… ' + s.omitted + ' steps not kept (a scenario keeps its first ' + (scenario.steps.length - 1) + ' and its last)' }));
          steps.appendChild(el('li', { 'class': (i === index ? 'current ' : '') + (s.ok ? '' : 'bad'), 'data-step': String(i + 1),
            onclick: function () { select(state.file, state.scenario, i); } }, [
            el('span', { 'class': 'k', text: s.number + '. ' + s.kind + (s.kind === 'expect' && s.message ? ' ' + s.message : '') }),
            el('div', { 'class': 'meta', text: (s.location || '') + (s.kind === 'expect' ? '' : ' · t=' + s.time.toFixed(2) + ' s') })
          ]));
        });
        var controls = el('div', { 'class': 'controls' }, [
          el('button', { id: 'previous', text: '← previous', onclick: function () { if (index > 0) select(state.file, state.scenario, index - 1); } }),
          el('span', { id: 'position', text: 'step ' + step.number + ' of ' + count }),
          el('button', { id: 'next', text: 'next →', onclick: function () { if (index < scenario.steps.length - 1) select(state.file, state.scenario, index + 1); } })
        ]);
        var picture = el('div', { 'class': 'picture', id: 'picture' });
        var p = pictureFor(scenario, index);
        if (p !== null) picture.innerHTML = data.pictures[p]; else picture.appendChild(el('div', { 'class': 'empty', text: 'No hierarchy yet.' }));
        readable(picture);
        var side = el('div', { 'class': 'picture' }, [controls, picture]);
        var facts = el('div', {});
        facts.appendChild(el('h3', { text: 'Step ' + step.number + ': ' + step.kind + (step.ok ? '' : ' (failed)') }));
        // An expect's message is its matcher's name (the list shows it): what failed is the
        // scenario's failure, shown under its name above.
        if (step.message && !step.ok) facts.appendChild(el('pre', { 'class': 'status-failed',
          text: step.kind === 'expect' ? 'expect(value):' + step.message + '(...) failed: the failure is shown above' : step.message }));
        var changes = el('ul', { 'class': 'changes', id: 'changes' });
        // An expect is the first step to see what a navigation started without waiting did.
        var unawaited = step.kind === 'expect' && (step.transitions.length || step.log.length);
        if (unawaited) changes.appendChild(el('li', { 'class': 'meta', text: 'seen first here: a navigation started without waiting, since the last step' }));
        step.transitions.forEach(function (t) { changes.appendChild(el('li', { text: t })); });
        if (!step.transitions.length && !unawaited) changes.appendChild(el('li', { 'class': 'meta', text: step.kind === 'expect' ? 'an expectation changes nothing' : 'no transition' }));
        facts.appendChild(el('h4', { text: 'What changed' }));
        facts.appendChild(changes);
        if (step.log.length) {
          facts.appendChild(el('h4', { text: 'Log' }));
          facts.appendChild(el('pre', { 'class': 'log', text: step.log.join('\n') }));
        }
        side.appendChild(facts);
        detail.appendChild(el('div', { 'class': 'viewer' }, [steps, side]));
        // A step reached from its address, or by the keys, is shown in the list.
        var current = steps.querySelector('li.current');
        if (current) steps.scrollTop = current.offsetTop - steps.offsetTop - steps.clientHeight / 2;
      }

      // A wide drawing is shrunk to fit its box down to 60 % of its size, and scrolls beyond.
      function readable(box) {
        var svg = box.querySelector('svg');
        var width = svg && parseFloat(svg.getAttribute('width'));
        if (width) svg.style.minWidth = Math.round(width * 0.6) + 'px';
      }

      function renderMap(container) {
        var view = el('div', { id: 'mapview' });
        view.appendChild(el('h2', { text: 'Navigation map' }));
        if (data.map.isEmpty) {
          view.appendChild(el('p', { 'class': 'meta', text: 'No scenario showed a screen: there is nothing to map.' }));
        } else if (data.map.svg) {
          var picture = el('div', { 'class': 'picture', id: 'map' });
          picture.innerHTML = data.map.svg.slice(data.map.svg.indexOf('<svg'));
          view.appendChild(picture);
        } else {
          view.appendChild(el('p', { 'class': 'meta', text: 'Graphviz was not installed where the report was made; the map in DOT:' }));
          view.appendChild(el('pre', { id: 'map', text: data.map.dot }));
        }
        if (data.map.uncovered.length) view.appendChild(el('p', { 'class': 'meta', text: 'Defined, never shown: ' + data.map.uncovered.join(', ') }));
        container.appendChild(view);
      }

      function renderCoverage(container) {
        var view = el('div', { id: 'mapview' });
        var c = data.coverage;
        view.appendChild(el('h2', { text: 'Coverage of route scripts: ' + c.percent.toFixed(1) + '% of ' + c.total + ' lines' }));
        var table = el('table', { 'class': 'coverage' }, [el('tr', {}, [el('th', { text: 'file' }), el('th', { text: 'lines' }), el('th', { text: 'covered' })])]);
        c.files.forEach(function (file, i) {
          table.appendChild(el('tr', { 'data-file': file.path, onclick: function () { state.coverageFile = i; update(); } }, [
            el('td', { text: file.path }), el('td', { text: file.hit + ' / ' + file.total }),
            el('td', { text: (file.total ? 100 * file.hit / file.total : 100).toFixed(1) + '%' })]));
        });
        view.appendChild(table);
        var file = c.files[state.coverageFile || 0];
        if (file && file.source) {
          var source = el('div', { 'class': 'src' });
          file.source.forEach(function (line, i) {
            var count = file.lines[String(i + 1)];
            source.appendChild(el('div', { 'class': count === undefined ? '' : (count > 0 ? 'hit' : 'miss'), text: String(i + 1).padStart(4) + '  ' + line }));
          });
          view.appendChild(el('h3', { text: file.path }));
          view.appendChild(source);
        }
        if (c.routes) {
          view.appendChild(el('h3', { text: 'Routes' }));
          view.appendChild(el('pre', { text: c.routes.map(function (r) { return (r.count ? '✓ ' : '✗ ') + r.kind + ' ' + r.name + ' ×' + r.count; }).join('\n') }));
        }
        container.appendChild(view);
      }

      function update() {
        renderViews();
        var main = document.getElementById('main');
        main.innerHTML = '';
        if (state.view === 'map') renderMap(main);
        else if (state.view === 'coverage') renderCoverage(main);
        else { renderList(main); renderDetail(main); }
      }

      window.addEventListener('keydown', function (event) {
        if (state.view !== 'scenarios' || event.target.tagName === 'INPUT') return;
        var scenario = scenarioAt(state.file, state.scenario);
        if (!scenario) return;
        if (event.key === 'ArrowRight' && state.step < scenario.steps.length - 1) select(state.file, state.scenario, state.step + 1);
        if (event.key === 'ArrowLeft' && state.step > 0) select(state.file, state.scenario, state.step - 1);
      });

      // The step an address names (#file.scenario.step): the step numbered so, or the
      // nearest before it (a step not kept, an edited or old address); the first when there
      // is none. False when it names no scenario.
      function goTo(address) {
        var hash = address.slice(1).split('.').map(Number);
        if (hash.length !== 3 || !scenarioAt(hash[0] - 1, hash[1] - 1)) return false;
        var steps = scenarioAt(hash[0] - 1, hash[1] - 1).steps, at = 0;
        for (var n = 0; n < steps.length && Number.isInteger(hash[2]); n++) if (steps[n].number <= hash[2]) at = n;
        state.file = hash[0] - 1; state.scenario = hash[1] - 1; state.step = at; state.view = 'scenarios';
        return true;
      }
      // An address edited in an open page, or a link to another step (the page's own moves
      // replace the address, which fires nothing).
      window.addEventListener('hashchange', function () { if (goTo(location.hash)) update(); });

      renderHeader();
      if (!goTo(location.hash)) {
        // The first failure, else the first scenario.
        data.files.some(function (file, f) {
          return file.scenarios.some(function (s, i) {
            if (s.status === 'failed') { state.file = f; state.scenario = i; state.step = failingStep(s); return true; }
            return false;
          });
        });
        if (state.file < 0 && data.files.length && data.files[0].scenarios.length) { state.file = 0; state.scenario = 0; state.step = 0; }
      }
      update();
      document.body.setAttribute('data-ready', 'true');
    })();
    """#
}
