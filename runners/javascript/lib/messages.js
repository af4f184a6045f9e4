// A Jest reporter that prints nothing: it rewords, in the results Jest then writes as JSON,
// two messages a student cannot act on as Jest gives them.
//
// - A file that throws as it loads: with --noStackTrace Jest says `Test suite failed to run`
//   and the error alone. The place in the student's files the error came from is added, with
//   the line quoted (unless the message quotes one already, as a syntax error's does).
// - A name the test file imports that the solution does not export: Babel's compiled import
//   fails as `(0 , _lasagna.totalTimeInMinutes) is not a function`. It is said with the file:
//   `lasagna.js does not export totalTimeInMinutes`.
const fs = require('node:fs');
const path = require('node:path');

class Messages {
  onTestResult(_test, result) {
    const folder = path.dirname(result.testFilePath);
    // A syntax error comes with Babel's quote of its line already.
    const quoted = /^\s*> \d+ \|/m.test(result.failureMessage || '');
    if (result.testExecError && result.failureMessage && !quoted) {
      const where = origin(result.testExecError.stack, folder);
      if (where) {
        result.failureMessage = `${result.failureMessage.trimEnd()}\n\n${where}`;
      }
    }
    const imports = importedModules(result.testFilePath);
    for (const assertion of result.testResults) {
      assertion.failureMessages = assertion.failureMessages.map((message) =>
        unexported(message, imports, folder),
      );
    }
  }
}

// The first frame of `stack` in a file of the solution's folder (not in node_modules): its
// place, relative to the folder, and its line quoted with a caret under its column, as Jest
// quotes a failing line.
function origin(stack, folder) {
  for (const line of String(stack || '').split('\n')) {
    const frame = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!frame) {
      continue;
    }
    const [, file, row, column] = frame;
    const relative = path.relative(folder, file);
    if (relative.startsWith('..') || path.isAbsolute(relative) || relative.includes('node_modules')) {
      continue;
    }
    return `    at ${relative}:${row}:${column}\n\n${quote(file, Number(row), Number(column))}`;
  }
  return null;
}

// Line `row` of `file` and the one before it, numbered, with a caret under `column`.
function quote(file, row, column) {
  let lines;
  try {
    lines = fs.readFileSync(file, 'utf8').split('\n');
  } catch {
    return '';
  }
  const width = String(row).length;
  const numbered = (n, mark) => `    ${mark} ${String(n).padStart(width)} | ${lines[n - 1]}`.trimEnd();
  const shown = [];
  if (row > 1) {
    shown.push(numbered(row - 1, ' '));
  }
  shown.push(numbered(row, '>'));
  shown.push(`      ${' '.repeat(width)} | ${' '.repeat(Math.max(column - 1, 0))}^`);
  return shown.join('\n');
}

// The modules the test file imports by a relative path, by the name Babel's compiled code
// gives each (`./two-fer` is `_twoFer`, as @babel/types' toIdentifier makes it).
function importedModules(testFile) {
  let source;
  try {
    source = fs.readFileSync(testFile, 'utf8');
  } catch {
    return new Map();
  }
  const modules = new Map();
  for (const [, from] of source.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.basename(from).replace(/\.[cm]?js$/, '');
    const words = base.split(/[^a-zA-Z0-9_$]+/).filter(Boolean);
    const name = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
    modules.set(`_${name.replace(/^_+/, '')}`, from);
  }
  return modules;
}

// `message` with Babel's `(0 , _module.name) is not a function` (or `_module.Name is not a
// constructor`) said as what the solution does not export, when the module is one the test
// file imports.
function unexported(message, imports, folder) {
  const call = /^TypeError: (?:\(0 , (_[\w$]+?)\d*\.([\w$]+)\) is not a function|(_[\w$]+?)\d*\.([\w$]+) is not a constructor)/.exec(
    message,
  );
  if (!call) {
    return message;
  }
  const first = call[0];
  const callee = call[1] || call[3];
  const name = call[2] || call[4];
  const from = imports.get(callee);
  if (!from) {
    return message;
  }
  const file = resolve(folder, from);
  const kind = call[1] ? 'function' : 'class';
  const what = name === 'default' ? `a default ${kind}` : name;
  const plain = name === 'default' ? 'the default export' : name;
  const said = exportsNothingNamed(file, name)
    ? `${path.relative(folder, file)} does not export ${what}`
    : `${path.relative(folder, file)} does not export a ${kind} named ${plain}`;
  const error = call[1] ? `${plain} is not a function` : `${plain} is not a constructor`;
  return `TypeError: ${said} (${error})${message.slice(first.length)}`;
}

// The file `from` names, relative to `folder`, as Node would find it.
function resolve(folder, from) {
  const base = path.join(folder, from);
  for (const candidate of [base, `${base}.js`, `${base}.mjs`, `${base}.cjs`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return `${base}.js`;
}

// Whether `file` certainly exports nothing named `name`: the name is nowhere in it and it
// re-exports no other module wholesale. Otherwise it may export `name` as something that is
// no function, and the message says only that it exports no function of that name.
function exportsNothingNamed(file, name) {
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (/\bexport\s*\*/.test(source)) {
    return false;
  }
  if (name === 'default') {
    return !/\bexport\s+default\b|\bas\s+default\b/.test(source);
  }
  return !new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(source);
}

module.exports = Messages;
