// puzzlebook studio: the form and the YAML tab are two views of one spec; every change is checked and
// previewed by the local server, which answers as `puzzlebook` itself does.
"use strict";

const $ = (id) => document.getElementById(id);
const BOOK_KEYS = ["title", "subtitle", "author", "layout", "page_size", "marks", "answer_key", "difficulty",
  "mazes_per_page", "pictures"];
const MAZE_FIELDS = ["size", "algorithm", "grid", "shape", "count", "options", "title"];
let options = null;
let current = 1; // the page shown
let following = null; // the maze whose fields were just changed: its first page is shown once checked
let pages = 0;
let generation = 0; // newer edits make older answers stale
let coverShown = -1; // the generation whose cover the preview shows: its pages, coming late, keep out
let timer = null;
let lastYaml = "";
let thumbsFor = "";
let thumbsBy = 0; // the generation drawing the thumbnails, and whether it is still at it
let thumbsDrawing = false;
let base = {}; // the spec as last parsed: what the form has no field for is kept from it
let kept = { yaml: "", name: "" }; // the spec as last opened or saved, to ask before losing changes
const KEPT = "(kept)"; // the shape list's value for a word shape written in the YAML
const NAME = "{student}"; // the shape list's value for each student's own name
let unread = false; // the YAML tab holds a mistake the form cannot show: the form waits for its fix
// The YAML changed and the form shows the book before it until the check reads it: a draft brought
// back, then a title typed at once, changed the book the form no longer showed, and the form never
// caught up (a newcomer's trial). The form is shut meanwhile, and the next check fills it.
let behind = false;


// The form's own words for the spec's keys: a problem beside a field says "Mazes a page: 1", never
// "mazes_per_page: 1", and names no YAML line (those are the YAML tab's).
const LABELS = { title: "Title", subtitle: "Subtitle", author: "Author", layout: "Layout", page_size: "Paper",
  marks: "Start and end", answer_key: "Answer key", difficulty: "Age", mazes_per_page: "Mazes a page",
  pictures: "Pictures", students: "Students", size: "Size", algorithm: "Algorithm", grid: "Grid",
  shape: "Shape", count: "Count", options: "Options" };
function inFormWords(text) {
  return String(text)
    .replace(/\bline \d+(: |, )?/g, "")
    // what to write, said for the form: "write it, such as title: My Maze Book" read as YAML there
    .replace(/is required but missing: write it, such as mazes: .*$/, "is required: add a maze")
    .replace(/is required but missing: write it, such as [a-z_]+: (.*)$/, "is required: type one, such as $1")
    .replace(/\bmazes\[(\d+)\](?:\.(\w+))?/g, (_, i, f) => `${heading(Number(i))}${f ? ` ${(LABELS[f] || f).toLowerCase()}` : ""}`)
    .replace(/\bstudents\[(\d+)\]/g, (_, i) => `student ${Number(i) + 1}`)
    .replace(/\bage-(\d+)\b/g, "age $1") // as the Age list says it
    .replace(/\b([a-z][a-z_]*): /g, (all, key) => (LABELS[key] ? `${LABELS[key]}: ` : all));
}

// A size that suits the grid chosen: rings for a circle, columns x rows for the others ("15x15" for a
// circle was refused at once).
function sizeForGrid(row) {
  const size = row.querySelector("[data-field=size]");
  const grid = row.querySelector("[data-field=grid]").value;
  const value = size.value.trim();
  const box = value.match(/^(\d+)\s*x\s*(\d+)$/i);
  if (grid === "circle" && box) size.value = String(Math.max(3, Math.round(Math.min(box[1], box[2]) / 2)));
  else if (grid !== "circle" && /^\d+$/.test(value)) size.value = `${value * 2}x${value * 2}`;
  sizeLabel(row);
}

// A round maze's size is its rings, and its box says so ("8" alone read as a size half typed).
function sizeLabel(row) {
  const circle = row.querySelector("[data-field=grid]").value === "circle";
  row.querySelector("[data-field=size]").closest("td").dataset.label = circle ? "Size (rings)" : "Size";
}

const mazeRows = () => [...$("mazes").tBodies[0].querySelectorAll("tr.maze")];

function fill(select, values, labels = {}) {
  select.replaceChildren(...values.map((v) => new Option(labels[v] ?? v, v)));
}

// A maze's row; ``maze`` from a spec keeps what the row cannot show (a word shape, marks, a seed...).
function newRow(maze = {}, fromSpec = false) {
  const row = $("maze-row").content.firstElementChild.cloneNode(true);
  row.extra = fromSpec ? maze : {};
  if (fromSpec || $("f-difficulty").value) row.querySelector("[data-field=size]").value = ""; // the age's
  agesSize(row);
  const algorithm = row.querySelector("[data-field=algorithm]");
  fill(algorithm, options.algorithms, options.titles); // "Hunt-and-Kill", as people write it
  for (const choice of algorithm.options) choice.title = options.about[choice.value] || ""; // its look
  fill(row.querySelector("[data-field=grid]"), options.grids, options.grid_names); // "hexagons", not "hex"
  fill(row.querySelector("[data-field=shape]"), ["", NAME, ...options.shapes], { "": "none", [NAME]: "each student's name" });
  algorithm.value = "hunt-and-kill";
  // what the chosen algorithm takes, as the Options field's tip (they were a "key=value" to guess)
  const takes = () => {
    const lines = options.takes[algorithm.value] || [];
    row.querySelector("[data-field=options]").title = lines.length
      ? `${options.titles[algorithm.value]} takes, as key=value, commas between:\n${lines.join("\n")}`
      : `${options.titles[algorithm.value]} takes no options`;
    algorithm.title = options.about[algorithm.value] || "";
  };
  algorithm.addEventListener("change", takes);
  const word = fromSpec && maze.shape && typeof maze.shape === "object" ? maze.shape.text : undefined;
  if (word === NAME) {
    row.querySelector("[data-field=shape]").value = NAME;
  } else if (word !== undefined) { // a word, which the list cannot offer: shown, and kept as written
    const shape = row.querySelector("[data-field=shape]");
    shape.append(new Option(`“${word}”`, KEPT));
    shape.value = KEPT;
  }
  for (const field of MAZE_FIELDS) {
    if (field === "options" && maze.options && typeof maze.options === "object") {
      row.querySelector("[data-field=options]").value = Object.entries(maze.options).map(([k, v]) => `${k}=${v}`).join(", ");
    } else if (maze[field] !== undefined && maze[field] !== null && typeof maze[field] !== "object") {
      const el = row.querySelector(`[data-field=${field}]`);
      const value = String(maze[field]);
      // a value a list does not offer ("wilsons" typed in the YAML) is shown as written, with its
      // problem beside it: the list stood blank
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) el.append(new Option(value, value));
      el.value = value;
    }
  }
  sizeLabel(row);
  agesSize(row); // with its shape known
  takes();
  // the maze's problems on a line of their own across its card, under its fields: a field is too narrow
  const said = document.createElement("td");
  said.className = "said";
  said.innerHTML = '<p class="problem" role="alert"></p>';
  row.append(said);
  row.said = said;
  row.querySelector(".remove").addEventListener("click", () => {
    const index = mazeRows().indexOf(row);
    const before = $("yaml").value;
    const next = mazeRows()[index + 1];
    row.remove();
    numbered();
    offerUndo(`${row.dataset.heading} removed.`, before);
    // the focus on the card that took its place (it fell to the top of the page)
    (next ? next.querySelector("input, select") : $("add-maze")).focus();
    edit(() => [{ path: ["mazes", index], delete: true }]);
  });
  row.querySelector("[data-field=count]").addEventListener("input", numbered);
  const grid = row.querySelector("[data-field=grid]");
  grid.addEventListener("input", () => sizeForGrid(row)); // before the YAML is written
  grid.addEventListener("change", () => { sizeForGrid(row); edit(() => [mazeChange(row, "size"), mazeChange(row, "grid")]); });
  const shape = row.querySelector("[data-field=shape]");
  for (const kind of ["input", "change"]) shape.addEventListener(kind, () => sizeForShape(row)); // before the YAML
  row.querySelectorAll("input, select").forEach((el) => {
    // a list may send "change" alone: its maze's page shown too; a box's "change" comes when it is
    // left, after its edit (Mazes a page chosen next turned the preview to this maze's page)
    for (const kind of el.tagName === "SELECT" ? ["input", "change"] : ["input"]) {
      el.addEventListener(kind, () => { following = mazeRows().indexOf(row); });
    }
    const field = el.dataset.field;
    const also = field === "grid" || field === "shape" ? ["size", field] : [field];
    el.addEventListener("input", () => edit(() => also.map((f) => mazeChange(row, f))));
    if (el.tagName === "SELECT") el.addEventListener("change", () => edit(() => also.map((f) => mazeChange(row, f))));
  });
  $("mazes").tBodies[0].append(row);
  numbered();
  return row;
}

// Each card headed with the numbers its mazes have in the book ("Mazes 1-8" over a count of 8, then
// "Maze 9": the heart a second card made was the book's Maze 9, headed "Maze 2"); its fields named so
// for screen readers ("Maze 9 size") and tied to the line that says its problems; numbered again as
// mazes and counts come and go.
function numbered() {
  let first = 1;
  mazeRows().forEach((row, i) => {
    const count = Number(row.querySelector("[data-field=count]").value.trim());
    const many = Number.isInteger(count) && count > 1 ? count : 1;
    row.dataset.heading = many > 1 ? `Mazes ${first}\u2013${first + many - 1}` : `Maze ${first}`;
    first += many;
    const id = `problem-maze-${i + 1}`;
    row.said.querySelector(".problem").id = id;
    row.querySelectorAll("[data-field]").forEach((el) => {
      const label = el.closest("td").dataset.label.replace(/ \(.*\)$/, "").toLowerCase();
      el.setAttribute("aria-label", `${row.dataset.heading} ${label}`);
      el.setAttribute("aria-describedby", id);
    });
    row.querySelector(".remove").setAttribute("aria-label", `Remove ${row.dataset.heading.toLowerCase()}`);
  });
}

// The heading of the card of entry ``index`` (``numbered``), as the form's words name its mazes.
function heading(index) {
  const row = mazeRows()[index];
  return row && row.dataset.heading ? row.dataset.heading : `Maze ${index + 1}`;
}

// A size left to the age, or to a name drawn as large as its page allows, says so in its box (an empty
// box read as a size forgotten).
function agesSize(row) {
  const named = row.querySelector("[data-field=shape]").value === NAME;
  row.querySelector("[data-field=size]").placeholder = named ? "the page's" : $("f-difficulty").value ? "the age's" : "";
}

// Each student's name needs no size: drawn as large as the page allows. The new maze's 15x15 was kept,
// and every name was refused as too thin to read there (a newcomer's trial).
function sizeForShape(row) {
  const size = row.querySelector("[data-field=size]");
  if (row.querySelector("[data-field=shape]").value === NAME && size.value.trim() === "15x15") size.value = "";
  agesSize(row);
}

// A removed card can be had back, until the next change: Remove asked nothing and undid nothing, and
// Ctrl+Z then undid the typing in another field, out of sight (a newcomer's trial).
let undoYaml = null;
function offerUndo(text, yaml) {
  undoYaml = yaml;
  $("removed").querySelector("span").textContent = text;
  $("removed").hidden = false;
}
function dropUndo() {
  undoYaml = null;
  $("removed").hidden = true;
}
async function undoRemove() {
  if (undoYaml === null) return;
  const yaml = undoYaml;
  dropUndo();
  await editing; // the removal written first (its answer would write over the spec brought back)
  $("yaml").value = yaml;
  changed("yaml"); // the form is made again from the spec as it was
  $("add-maze").focus();
}

// A field's change as a change of the spec's text (see the server's edits.py): the value where it is
// written, so comments, order and blank lines stay. Rewriting the whole YAML from the form lost them.
function bookChange(key) {
  const value = $(`f-${key}`).value.trim();
  if (key === "students") {
    const names = studentNames($("f-students").value);
    if (!names.length && typeof base.students === "string") return null; // a class list file, kept
    return names.length ? { path: ["students"], value: names } : { path: ["students"], delete: true };
  }
  if (!value || (key === "answer_key" && value === "true")) return { path: [key], delete: true };
  if (key === "answer_key") return { path: [key], value: value === "false" ? false : "separate" };
  if (key === "mazes_per_page") return { path: [key], value: Number(value) };
  return { path: [key], value };
}

function mazeChange(row, field) {
  const index = mazeRows().indexOf(row);
  const get = (name) => row.querySelector(`[data-field=${name}]`).value.trim();
  const path = ["mazes", index, field];
  const value = get(field);
  const gone = { path, delete: true };
  if (field === "shape") {
    if (value === KEPT) return null; // a word written in the YAML, kept as written
    return value === NAME ? { path, value: { text: NAME } } : value ? { path, value } : gone;
  }
  if (field === "grid") return value && value !== "rectangle" ? { path, value } : gone;
  if (field === "count") return value && value !== "1" ? { path, value: /^\d+$/.test(value) ? Number(value) : value } : gone;
  if (field === "options") {
    const pairs = value.split(",").map((p) => p.trim()).filter(Boolean).map((p) => {
      const [key, ...rest] = p.split("=");
      const given = rest.join("=").trim();
      return [key.trim(), /^-?\d+(\.\d+)?$/.test(given) ? Number(given) : given];
    });
    return pairs.length ? { path, value: Object.fromEntries(pairs) } : gone;
  }
  if (field === "size" && get("grid") === "circle" && /^\d+$/.test(value)) return { path, value: Number(value) };
  return value ? { path, value } : gone;
}

// A new maze's entry, from its row as first filled.
function mazeEntry(row) {
  const entry = {};
  for (const field of MAZE_FIELDS) {
    const change = mazeChange(row, field);
    if (change && "value" in change) entry[field] = change.value;
  }
  if (!entry.algorithm) entry.algorithm = "hunt-and-kill";
  return entry;
}

// The changes are made one after another, each on the text the last one left. Those the studio could
// not take while it was not running wait, in their order, and are made once it answers again: the form
// showed them and the YAML never had them, so a save lost them (a newcomer's trial).
let editing = Promise.resolve();
let waiting = [];
function edit(makeChanges) {
  if (unread || behind) return editing; // the form is shut until the YAML reads again
  editing = editing.then(async () => {
    if (waiting.length) { waiting.push(makeChanges); return; } // after those that wait already
    const changes = makeChanges().filter(Boolean);
    if (!changes.length) return;
    let answer;
    try {
      answer = await (await post("/api/edit", JSON.stringify({ yaml: $("yaml").value, changes }))).json();
    } catch (error) {
      waiting.push(makeChanges);
      offline();
      return;
    }
    if (!answer.ok) { status(answer.message, true); return; }
    $("yaml").value = answer.yaml;
    changed("form");
  });
  return editing;
}

// A pasted class list: a name a line; a line of names with commas (Ana, Ben, Chloé) is split at them, and
// a spreadsheet's columns (first name, tab, last name) joined with a space.
function studentNames(text) {
  const lines = text.split("\n").map((s) => s.replace(/\t+/g, " ").trim()).filter(Boolean);
  const names = lines.length === 1 && /[,;]/.test(lines[0]) ? lines[0].split(/[,;]/) : lines; // "Jack; Kai"
  return names.map((s) => s.trim()).filter(Boolean);
}

// The YAML, as the server parsed it, back into the form (the YAML tab is the source then).
function specToForm(spec) {
  if (!spec) return;
  for (const key of BOOK_KEYS) {
    const value = spec[key];
    const el = $(`f-${key}`);
    if (value === undefined || value === null) {
      el.value = { answer_key: "true", layout: "activity-book" }[key] ?? ""; // the defaults, shown
    }
    else if (typeof value !== "object") el.value = String(value);
  }
  $("f-students").value = Array.isArray(spec.students) ? spec.students.join("\n") : "";
  $("f-students").placeholder = typeof spec.students === "string" ? `the names in ${spec.students}` : "";
  $("mazes").tBodies[0].replaceChildren();
  (Array.isArray(spec.mazes) ? spec.mazes : []).forEach((maze) => {
    if (maze && typeof maze === "object") newRow(maze, true);
  });
  followTitle();
}

function changed(source) {
  if (source === "form" && (unread || behind)) return; // the form is shut until the YAML reads again
  if (source === "yaml" && !behind) {
    behind = true;
    formShut();
  }
  keepDraft();
  tellSaved();
  drawGutter([]);
  clearTimeout(timer);
  timer = setTimeout(() => refresh(source), 450);
}

// Beside Save, whether the book shown is the one saved: "Saved book.yaml" stayed after every change.
function tellSaved() {
  const said = $("saved");
  if (said.textContent === NOT_SAVED || !kept.name) return; // the studio gone is told until it answers
  const now = $("yaml").value === kept.yaml ? `Saved ${kept.name}` : `${kept.name}: changes not saved`;
  if (said.textContent !== now) said.textContent = now; // a status: told once a change, not a keystroke
  said.classList.remove("bad");
}

function drawGutter(badLines) {
  const count = $("yaml").value.split("\n").length;
  const bad = new Set(badLines);
  $("gutter").replaceChildren(...Array.from({ length: count }, (_, i) => {
    const span = document.createElement("span");
    span.textContent = String(i + 1);
    if (bad.has(i + 1)) { span.className = "bad"; span.title = "a problem on this line"; }
    return [span, "\n"]; // the line's end outside its span: a marked line stays a line of its own
  }).flat());
  $("gutter").scrollTop = $("yaml").scrollTop;
}

function clearProblems() {
  document.querySelectorAll(".problem").forEach((p) => { p.textContent = ""; });
  document.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  $("yaml-problems").replaceChildren();
}

// Each problem next to its field (mazes[1].size beside row 2's size), in the YAML tab's list and gutter.
function showProblems(problems) {
  clearProblems();
  const lines = [];
  for (const problem of problems) {
    let slot = null;
    let input = null;
    const key = problem.key || "";
    const maze = key.match(/^mazes\[(\d+)\](?:\.(\w+))?/);
    if (maze) {
      const row = mazeRows()[Number(maze[1])];
      const field = MAZE_FIELDS.includes(maze[2]) ? maze[2] : "size";
      if (row) {
        // a key the maze has from the book (Start and end): the book's field is the one to change, and
        // Show me goes there (it went to the maze's size, and the size boxes turned red)
        const book = !MAZE_FIELDS.includes(maze[2]) && maze[2] && $(`f-${maze[2]}`);
        input = book || row.querySelector(`[data-field=${field}]`);
        slot = row.said.querySelector(".problem");
      }
    } else {
      const top = key.split(/[.[]/)[0];
      slot = $(`problem-${top}`);
      input = $(`f-${top}`);
    }
    const text = problem.message;
    const said = inFormWords(text);
    if (slot) slot.append(slot.childNodes.length ? " " : "", said);
    else { // a key the form has no field for (a cover's): said, with the way to its line in the YAML
      const spot = $("problem-mazes");
      spot.append(spot.childNodes.length ? " " : "", inFormWords((key ? `${key}: ` : "") + text));
      if (problem.line) spot.append(" ", toLineButton(problem.line));
    }
    if (slot && input && problem.fix && input.dataset.field === "size") slot.append(" ", fixButton(input, problem.fix));
    if (input) input.setAttribute("aria-invalid", "true");
    const item = document.createElement("li");
    if (problem.line) {
      lines.push(problem.line);
      const go = document.createElement("button");
      go.type = "button";
      go.textContent = `line ${problem.line}`;
      go.addEventListener("click", () => selectLine(problem.line));
      item.append(go, `: ${key ? key + ": " : ""}${text}`);
    } else {
      item.textContent = (key ? key + ": " : "") + text;
    }
    $("yaml-problems").append(item);
  }
  drawGutter(lines);
}

// The size that mends a maze, one press away: an age chosen made a typed size too dense, and the
// message named the size to type (a newcomer's trial).
function fixButton(input, value) {
  const circle = input.closest("tr").querySelector("[data-field=grid]").value === "circle";
  return wayOn(`Use ${value}${circle ? " rings" : ""}`, () => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true })); // written as a size typed is
    input.focus();
  });
}

// To a problem's line in the YAML tab, for a key the form has no field for: a cover's problem said
// "remove cover:" under the mazes, and Show me went to it and no further (a newcomer's trial).
function toLineButton(line) {
  return wayOn(`Show line ${line} in the YAML`, () => selectLine(line));
}

// A small button beside a problem, saying what it does.
function wayOn(text, act) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "fix";
  button.textContent = text;
  button.addEventListener("click", act);
  return button;
}

function selectLine(line) {
  const text = $("yaml").value;
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const start = starts[line - 1] ?? 0;
  const end = (starts[line] ?? text.length + 1) - 1;
  showTab("yaml");
  $("yaml").focus();
  $("yaml").setSelectionRange(start, end);
}

function status(text, bad = false) {
  $("status").textContent = text;
  $("phone-status").textContent = text; // on a phone, in the bar that leads to the preview
  $("status").classList.toggle("bad", bad);
}

async function post(path, body) {
  return fetch(path, { method: "POST", body, headers: { "Content-Type": "text/yaml; charset=utf-8" } });
}

async function refresh(source) {
  const mine = ++generation;
  coverShown = -1;
  const yaml = $("yaml").value;
  status("Checking…");
  $("page").classList.add("stale");
  // the thumbnails dimmed with the page until this book's come (shown the cover first, the last
  // book's thumbnails stood as they were, this book's never asked for)
  $("thumbs").querySelectorAll("img").forEach((img) => img.classList.add("stale"));
  let answer;
  try {
    const response = await post("/api/check", yaml);
    answer = await response.json();
  } catch (error) {
    offline();
    return;
  }
  if (mine !== generation) return;
  if ($("saved").textContent === NOT_SAVED) { // the studio answers again: that is no longer so
    $("saved").textContent = "";
    $("saved").classList.remove("bad");
    tellSaved();
  }
  if (answer.spec) base = answer.spec;
  const toForm = source === "yaml" || behind; // a later edit's check fills the form as the YAML's would
  if (toForm && answer.spec) specToForm(answer.spec);
  behind = false;
  if (toForm || answer.spec) shut(toForm && !answer.spec, answer.problems);
  else formShut();
  $("download-answers").hidden = !/answer_key:\s*separate/.test(yaml);
  $("show-cover").hidden = $("download-cover").hidden = !/^cover:/m.test(yaml);
  checkNotes = answer.notes || [];
  showNotes([]);
  if (!answer.ok) {
    showProblems(answer.problems || []);
    const count = `${answer.problems.length} problem${answer.problems.length === 1 ? "" : "s"}`;
    status(`${count} to fix before the preview`, true);
    problemCount = answer.problems.length;
    noBook(`Fix the ${count} first: the pages are drawn, and the PDF made, once the book reads.`, true);
    return;
  }
  clearProblems();
  problemCount = 0;
  drawGutter([]);
  const page = following === null ? 0 : (answer.entries || [])[following];
  following = null;
  if (page) current = page; // the maze just changed or added is shown, not the page that was
  status(`Ready: ${answer.summary}. Drawing page ${current}…`); // one word for a book that reads (it said
  // "OK:" while its page was drawn, then "Ready:")
  lastYaml = yaml;
  await showPage(current, mine);
}

// While the spec has a problem nothing of another book is shown (the last good one looked like this
// one), and what would download or save it waits, saying why.
let problemCount = 0; // the problems of the book as last checked

// To the first problem, from the preview that waits for it: the problems are beside their fields, often
// out of sight under the form (a newcomer's trial saw "2 problems to fix" and looked for them).
function toProblem() {
  if (!$("panel-yaml").hidden) {
    $("yaml-problems").querySelector("button")?.click();
    return;
  }
  const said = document.querySelector("#panel-form [aria-invalid=true]")
    || [...document.querySelectorAll("#panel-form .problem")].find((p) => p.textContent);
  if (!said) return;
  said.scrollIntoView({ block: "center" });
  const field = said.matches(".problem") ? said.querySelector("button") || said : said; // its way on, if any
  if (field.focus) field.focus({ preventScroll: true });
}

function noBook(why, problems = false) {
  const old = $("page").src;
  $("page").removeAttribute("src");
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("page").hidden = true;
  $("page").removeAttribute("data-version");
  $("thumbs").querySelectorAll("img").forEach((img) => URL.revokeObjectURL(img.src));
  $("thumbs").replaceChildren();
  thumbsFor = "";
  pages = 0;
  $("page-of").textContent = "no page yet";
  $("no-book").textContent = why;
  if (problems) {
    const go = document.createElement("button");
    go.type = "button";
    go.textContent = "Show me";
    go.addEventListener("click", toProblem);
    $("no-book").append(" ", go);
  }
  $("no-book").hidden = false;
  for (const id of DOWNLOADS) { $(id).disabled = true; $(id).setAttribute("aria-describedby", "no-book"); }
}

function bookShown() {
  $("page").hidden = false;
  $("no-book").hidden = true;
  for (const id of DOWNLOADS) { $(id).disabled = false; $(id).removeAttribute("aria-describedby"); }
}

const DOWNLOADS = ["download", "download-answers", "show-cover", "download-cover", "save-pdf"];

// What the book does unasked, beside the preview in the form's words: the check's notes, and once a
// page is drawn the drawing's (a maze's words or pictures left out for room), which the check cannot know.
let checkNotes = [];
function showNotes(drawn) {
  $("notes").replaceChildren(...[...checkNotes, ...drawn].map((note) => {
    const item = document.createElement("li");
    item.textContent = inFormWords(note);
    return item;
  }));
}

async function showPage(number, mine = generation, asked = false) {
  if (asked) coverShown = -1; // the person turned a page: the book again
  const response = await post(`/api/preview?page=${number}&width=820`, lastYaml);
  if (mine !== generation || coverShown === mine) return;
  if (response.status === 404 && number > 1) { // a book made shorter: its last page, not its title page
    const last = Number((await response.json().catch(() => ({}))).pages) || 1;
    return showPage(Math.min(last, number - 1), mine, asked);
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    if (answer.problems) showProblems(answer.problems);
    status(answer.problems ? answer.problems.map((p) => p.message).join("; ") : `preview failed (${response.status})`, true);
    if (response.status === 422) noBook("The book could not be made: fix what is said above first.");
    return;
  }
  const blob = await response.blob();
  if (mine !== generation || coverShown === mine) return; // a newer spec came, or the cover was asked for
  pages = Number(response.headers.get("X-Pages") || 1);
  showNotes(JSON.parse(response.headers.get("X-Notes") || "[]"));
  current = number;
  const old = $("page").src;
  $("page").src = URL.createObjectURL(blob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("page").alt = `Page ${current} of ${pages} of the book, as it will print`;
  $("page").classList.remove("stale");
  bookShown();
  $("page").dataset.version = String(mine);
  $("page-of").textContent = `page ${current} of ${pages}`;
  status($("status").textContent.replace(/ Drawing page \d+…$/, ""));
  markThumb();
  // the same spec again while its thumbnails are still coming (the form wrote the YAML anew): the
  // drawing of the older generation stops, so this one draws them
  if (thumbsFor !== lastYaml || thumbsBy !== mine && thumbsDrawing) drawThumbs(mine);
  else if (!thumbsDrawing) $("thumbs").querySelectorAll("img.stale").forEach((img) => img.classList.remove("stale"));
}

// The thumbnails of the page's book: each keeps its old picture, dimmed, until its new one comes (all
// went blank after every change and filled in again over most of a second, the strip flickering).
async function drawThumbs(mine) {
  thumbsFor = lastYaml; // drawn only for the generation whose page was just shown, so its pages
  thumbsBy = mine;
  thumbsDrawing = true;
  const nav = $("thumbs");
  const shown = Math.min(pages, 40);
  const buttons = [...nav.querySelectorAll("button")];
  buttons.slice(shown).forEach((button) => {
    button.querySelectorAll("img").forEach((img) => URL.revokeObjectURL(img.src));
    button.remove();
  });
  nav.querySelector(".more")?.remove();
  for (let n = buttons.length + 1; n <= shown; n++) {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", `Page ${n}`);
    button.tabIndex = -1; // one stop for the strip, its pages by the arrow keys (``markThumb``)
    button.addEventListener("click", async (event) => {
      await showPage(n, generation, true);
      // the page from its top: clicked at the foot of a long strip, the panel stayed there with the
      // page's top cut off; chosen by the keyboard (no pointer's click), the strip stays where it is
      if (event.detail) $("status").scrollIntoView({ block: "nearest" });
    });
    nav.append(button);
  }
  nav.querySelectorAll("img").forEach((img) => img.classList.add("stale"));
  if (pages > 40) { // said, not left out silently: the pager goes on past them
    const more = document.createElement("span");
    more.className = "more";
    more.textContent = `and ${pages - 40} more pages: ‹ › turn to them`;
    nav.append(more);
  }
  for (let n = 1; n <= shown; n++) {
    const response = await post(`/api/preview?page=${n}&width=120`, thumbsFor);
    if (mine !== generation || !response.ok) return; // a newer spec: its page redraws them (thumbsBy)
    const blob = await response.blob();
    if (mine !== generation) return; // the thumbnails are another book's now
    const button = nav.querySelectorAll("button")[n - 1];
    if (!button) continue;
    let img = button.querySelector("img");
    if (img) URL.revokeObjectURL(img.src);
    else {
      img = document.createElement("img");
      img.alt = "";
      button.append(img);
    }
    img.src = URL.createObjectURL(blob);
    img.classList.remove("stale");
  }
  thumbsDrawing = false;
  markThumb();
}

function markThumb() {
  const buttons = [...$("thumbs").querySelectorAll("button")];
  buttons.forEach((b, i) => b.toggleAttribute("aria-current", i + 1 === current));
  buttons.forEach((b, i) => { if (i + 1 === current) b.setAttribute("aria-current", "page"); });
  const stop = buttons[current - 1] || buttons[0];
  if (stop && !buttons.some((b) => b === document.activeElement)) { // the Tab stop: the page shown
    buttons.forEach((b) => { b.tabIndex = b === stop ? 0 : -1; });
  }
}

// The strip of pages is one stop for Tab, its pages by the arrow keys, Home and End: Tab walked through
// 39 thumbnails one by one (a newcomer's trial).
function thumbKeys(event) {
  const buttons = [...$("thumbs").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  const across = buttons.filter((b) => b.offsetTop === buttons[0].offsetTop).length || 1; // a row's
  const to = { ArrowRight: at + 1, ArrowDown: at + across, ArrowLeft: at - 1, ArrowUp: at - across, Home: 0, End: buttons.length - 1 }[event.key];
  if (at < 0 || to === undefined || !buttons[to]) return;
  event.preventDefault();
  buttons.forEach((b, i) => { b.tabIndex = i === to ? 0 : -1; });
  buttons[to].focus();
}

// The wrap cover in the page's place: back, spine and front, as it will print; the pager goes back to
// the book's pages.
async function showCover() {
  const mine = generation;
  coverShown = mine;
  const response = await post("/api/preview?part=cover&page=1&width=1200", $("yaml").value);
  if (mine !== generation || coverShown !== mine) return; // the spec changed, or a page was asked for
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    if (answer.problems) showProblems(answer.problems);
    status(answer.problems ? answer.problems.map((p) => p.message).join("; ") : `preview failed (${response.status})`, true);
    return;
  }
  const blob = await response.blob();
  if (mine !== generation || coverShown !== mine) return;
  const old = $("page").src;
  $("page").src = URL.createObjectURL(blob);
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("page").classList.remove("stale");
  bookShown();
  $("page").alt = "The book's wrap cover (back, spine and front), as it will print";
  $("page-of").textContent = "cover";
  status("The cover: back, spine and front");
}

// The name a book's files take, its spec's and its PDFs' alike: as "Save as" says, which follows the
// title until the book has a name of its own (opened, saved, typed): "Room 12 Spring Mazes" gives
// room-12-spring-mazes.yaml. Save PDF wrote book.pdf where Download gave room-12-spring-mazes.pdf, and
// every new book was saved as book.yaml (a newcomer's trial).
let named = false; // the person typed a name in "Save as", or the book came with one
// A name the studio saves under (``builds.SPEC_NAME``): letters and digits ("Лабиринты для Зои" keeps
// its letters) joined by single dashes, a letter or digit first, at most 81 before its ending, no
// mark left loose ("İstanbul" lowered is an i and a dot above, which a name may not hold); else "book".
function fromTitle() {
  const name = $("f-title").value.toLowerCase().normalize("NFC").replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+/, "").slice(0, 81).replace(/-+$/, "");
  return name || "book";
}
function followTitle() {
  if (!named && !kept.name) $("save-name").value = `${fromTitle()}.yaml`;
}
const fileStem = () => ($("save-name").value.trim() || `${fromTitle()}.yaml`).replace(/\.ya?ml$/i, "");

async function download(part) {
  const response = await post(`/api/pdf${part ? `?part=${part}` : ""}`, $("yaml").value);
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    if (answer.problems) showProblems(answer.problems);
    status("Fix the problems first", true);
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = `${fileStem()}${part ? `-${part}` : ""}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  status(`Downloaded ${link.download}`);
}

// While the YAML tab holds a mistake the form cannot read, the form shows the book as last read and
// is shut, so that no edit there writes over the YAML typed (it did, without a word).
function shut(on, problems = []) {
  unread = on;
  formShut();
  const line = (problems || []).find((p) => p.line)?.line;
  $("unread").hidden = !on;
  $("unread").textContent = on
    ? `The YAML has a mistake${line ? ` on line ${line}` : ""} that the form cannot show: fix it in the YAML tab, and the form follows.`
    : "";
}

function formShut() {
  const off = unread || behind;
  $("panel-form").querySelectorAll("fieldset").forEach((set) => { if (set.disabled !== off) set.disabled = off; });
}

function showTab(which) {
  for (const name of ["form", "yaml"]) {
    const on = name === which;
    $(`tab-${name}`).setAttribute("aria-selected", String(on));
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
    $(`panel-${name}`).hidden = !on;
  }
  if (which === "yaml") drawGutter([...document.querySelectorAll("#gutter .bad")].map((s) => Number(s.textContent)));
}

async function listSpecs() {
  const answer = await (await fetch("/api/specs")).json();
  fill($("open-name"), answer.specs);
  if (!answer.specs.length) $("open-name").append(new Option("none yet", "")); // not an empty box
  $("open").disabled = !answer.specs.length;
}

// The command that starts this very studio again, at this address (its folder and port, which the
// server tells): "puzzlebook studio" alone could serve another folder, at another address.
let OFF = "The studio is not running: start it again (this page keeps your work)";

const NOT_SAVED = "Not saved: the studio is not running";

let FOLDER = "the folder"; // where Save puts a spec and a PDF, as the server names it

// A button's work, told when the studio has gone away rather than failing without a word.
function guarded(work) {
  return async () => {
    try {
      await work();
    } catch (error) {
      offline();
      $("saved").textContent = NOT_SAVED; // beside Save, where one looks
      $("saved").classList.add("bad");
    }
  };
}

// The studio gone: said, and asked after every two seconds; once it answers, the changes that waited
// are made and the book checked again (it went on saying "not running" until the next change).
let asking = 0;
function offline() {
  status(OFF, true);
  // nothing to download or save from a studio gone: the buttons looked ready (a newcomer's trial);
  // the book's next check, once it answers, sets them again
  for (const id of DOWNLOADS) { $(id).disabled = true; $(id).setAttribute("aria-describedby", "status"); }
  if (asking) return;
  asking = setInterval(async () => {
    try {
      await fetch("/api/specs");
    } catch (error) {
      return; // still not running
    }
    clearInterval(asking);
    asking = 0;
    const queued = waiting;
    waiting = [];
    queued.forEach(edit); // each checks the book again once made
    if (!queued.length) changed("yaml"); // the YAML may have been typed meanwhile: the form follows it
  }, 2000);
}

async function start() {
  options = await (await fetch("/api/options")).json();
  OFF = `The studio is not running: start it again with ${options.restart} (this page keeps your work)`;
  FOLDER = options.folder;
  $("save-pdf").textContent = `Save PDF in ${FOLDER.split(/[\\/]/).filter(Boolean).pop() || FOLDER}`;
  $("save-pdf").title = `Saves the book in ${FOLDER}, beside its spec`;
  fill($("f-layout"), options.layouts);
  fill($("f-marks"), ["", ...options.marks], { "": "the layout's" }); // as the other lists say it
  fill($("f-difficulty"), ["", ...options.ages], Object.fromEntries([["", "any"], ...options.ages.map((a) => [a, a.replace("age-", "age ")])]));
  fill($("f-mazes_per_page"), ["", "1", "2", "4", "6"], { "": "the layout's" });
  fill($("f-pictures"), ["", ...options.pictures], { "": "none" });
  document.querySelectorAll("#panel-form [data-key]").forEach((el) => {
    const key = el.dataset.key;
    el.setAttribute("aria-describedby", `problem-${key}`); // its problems read with it
    el.addEventListener("input", () => edit(() => [bookChange(key)]));
    if (el.tagName === "SELECT") el.addEventListener("change", () => edit(() => [bookChange(key)])); // some send only this
  });
  $("f-difficulty").addEventListener("change", () => { // an age sets the sizes no one typed (a list says "change" in every browser)
    mazeRows().forEach(agesSize);
    if (!$("f-difficulty").value) { // no age: the sizes it set are written, or each maze had none
      const empty = mazeRows().filter((row) => !row.querySelector("[data-field=size]").value.trim());
      empty.forEach((row) => {
        const circle = row.querySelector("[data-field=grid]").value === "circle";
        row.querySelector("[data-field=size]").value = circle ? "8" : "15x15";
      });
      edit(() => empty.map((row) => mazeChange(row, "size")));
      return;
    }
    const rows = mazeRows().filter((row) => row.querySelector("[data-field=size]").value === "15x15");
    rows.forEach((row) => { row.querySelector("[data-field=size]").value = ""; });
    edit(() => rows.map((row) => mazeChange(row, "size")));
  });
  $("f-title").addEventListener("input", followTitle);
  $("save-name").addEventListener("input", () => { named = true; });
  $("f-students").addEventListener("change", () => { // a pasted "Ana, Ben, Chloé": a name a line, as
    const box = $("f-students"); // its label says and the book reads it (it stayed on one line)
    if (!box.value.trim().includes("\n") && /[,;]/.test(box.value)) box.value = studentNames(box.value).join("\n");
  });
  $("undo-remove").addEventListener("click", undoRemove);
  $("panel-form").addEventListener("input", dropUndo); // a change after it: the removal stands
  $("yaml").addEventListener("input", dropUndo);
  document.addEventListener("keydown", (event) => { // Ctrl+Z (Cmd+Z) right after a removal undoes it
    if (undoYaml !== null && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !event.shiftKey) {
      event.preventDefault();
      undoRemove();
    }
  });
  $("add-maze").addEventListener("click", () => {
    dropUndo();
    const row = newRow();
    following = mazeRows().indexOf(row);
    row.querySelector("input").focus();
    edit(() => [{ path: ["mazes"], append: mazeEntry(row) }]);
  });
  $("yaml").addEventListener("input", () => changed("yaml"));
  $("yaml").addEventListener("scroll", () => { $("gutter").scrollTop = $("yaml").scrollTop; });
  // on a phone the bar that leads to the preview steps aside while the preview is in view: it said
  // "See the preview" over the preview itself, and covered its thumbnails (a newcomer's trial)
  new IntersectionObserver(([seen]) => $("phone-bar").classList.toggle("away", seen.isIntersecting), {
    threshold: 0.3,
  }).observe($("preview"));
  $("to-preview").addEventListener("click", (event) => { // the preview, and the focus with it
    event.preventDefault();
    $("preview").scrollIntoView();
    $("preview").focus({ preventScroll: true });
  });
  $("thumbs").addEventListener("keydown", thumbKeys);
  // on a phone, back from the preview to the field last changed: the link went to the top of the form,
  // several screens above the maze being changed (a newcomer's trial)
  let lastField = null;
  $("panel-form").addEventListener("focusin", (event) => { lastField = event.target; });
  $("to-form").addEventListener("click", (event) => {
    if (!lastField || !lastField.isConnected) return; // the form's top, as the link says
    event.preventDefault();
    lastField.scrollIntoView({ block: "center" });
    lastField.focus({ preventScroll: true });
  });
  $("tab-form").addEventListener("click", () => showTab("form"));
  $("tab-yaml").addEventListener("click", () => showTab("yaml"));
  document.querySelector("[role=tablist]").addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const next = $("tab-form").getAttribute("aria-selected") === "true" ? "yaml" : "form";
      showTab(next);
      $(`tab-${next}`).focus();
    }
  });
  // no book while the spec has a problem (pages 0): turning showed the last good one's pages again
  $("prev").addEventListener("click", () => pages && current > 1 && showPage(current - 1, generation, true));
  $("next").addEventListener("click", () => current < pages && showPage(current + 1, generation, true));
  $("download").addEventListener("click", guarded(() => download("")));
  $("download-answers").addEventListener("click", guarded(() => download("answers")));
  $("show-cover").addEventListener("click", guarded(showCover));
  $("download-cover").addEventListener("click", guarded(() => download("cover")));
  $("save-pdf").addEventListener("click", guarded(async () => {
    const name = `${fileStem()}.pdf`;
    const path = `/api/save-pdf?name=${encodeURIComponent(name)}`;
    let answer = await (await post(path, $("yaml").value)).json();
    if (answer.exists) { // a PDF of that name is there: replaced only when the person says so
      if (!confirm(`${answer.message}: replace it?`)) { status(`Not saved: ${answer.message}`); return; }
      answer = await (await post(`${path}&replace=1`, $("yaml").value)).json();
    }
    if (answer.problems) showProblems(answer.problems);
    status(answer.ok ? `Saved ${answer.saved} in ${FOLDER}` : (answer.message || "Fix the problems first"), !answer.ok);
  }));
  $("open").addEventListener("click", guarded(async () => {
    const name = $("open-name").value;
    if ($("yaml").value !== kept.yaml && !confirm(`Open ${name} and lose the changes not saved?`)) return;
    await openSpec(name);
  }));
  $("save").addEventListener("click", guarded(async () => {
    let name = $("save-name").value.trim() || `${fromTitle()}.yaml`; // an empty name was refused
    if (!/\.ya?ml$/i.test(name)) name = `${name}.yaml`; // "room12 names"
    $("save-name").value = name;
    const path = `/api/save?name=${encodeURIComponent(name)}`;
    // the spec it was opened from is saved over as it is; another of that name only when the person says
    let answer = await (await post(name === kept.name ? `${path}&replace=1` : path, $("yaml").value)).json();
    if (answer.exists) {
      if (!confirm(`${name} is already in the folder: replace it?`)) return;
      answer = await (await post(`${path}&replace=1`, $("yaml").value)).json();
    }
    if (answer.ok) { kept = { yaml: $("yaml").value, name }; keepDraft(); keepLast(name); }
    // a spec with problems is saved as it is, to mend later: said, beside "Fix the problems first"
    const still = problemCount ? `, with ${problemCount} problem${problemCount === 1 ? "" : "s"} still to fix` : "";
    status(answer.ok ? `Saved ${answer.saved} in ${FOLDER}${still}` : answer.message, !answer.ok);
    $("saved").textContent = answer.ok ? `Saved ${answer.saved}` : answer.message; // beside the button too
    $("saved").classList.toggle("bad", !answer.ok);
    await listSpecs();
    if (answer.ok) $("open-name").value = name;
  }));
  await listSpecs();
  $("yaml").value = STARTER;
  kept.yaml = STARTER; // the starting book: nothing to lose yet
  if (offerDraft() || !await openLast()) changed("yaml");
  window.addEventListener("beforeunload", (event) => { // a reload or a closed tab lost the book silently
    if ($("yaml").value !== kept.yaml) event.preventDefault();
  });
}

const STARTER = 'title: "My Maze Book"\nmarks: suggested\nmazes:\n  - {size: 15x15, algorithm: hunt-and-kill}\n';
const DRAFT = "puzzlebook-studio-draft";

// The book as it stands, kept in this browser as it changes: a reload, a closed tab or a crash
// returned the form to "My Maze Book" with nothing kept.
function keepDraft() {
  const yaml = $("yaml").value;
  if (!$("draft").hidden) { // a draft offered back stays kept until the person answers, or makes
    // another book: that one is kept then (it was lost, the old draft offered on the next visit)
    if (yaml === kept.yaml) return;
    $("draft-said").textContent = offered.replace(" is kept in this browser.", ": bring it back now, or it is let go when you leave (the book you are making is kept instead).");
  }
  try {
    if (yaml === kept.yaml) localStorage.removeItem(DRAFT); // nothing unsaved: nothing to offer back
    else { // the name typed or the book's own, not one that follows the title (it stopped following)
      const name = named || kept.name ? $("save-name").value : "";
      localStorage.setItem(DRAFT, JSON.stringify({ yaml, name, from: kept.name, at: Date.now() }));
    }
  } catch (error) { /* storage full or refused: the question before leaving still asks */ }
}

// The spec read into the page from the folder, as the one it is saved as.
async function openSpec(name) {
  const response = await fetch(`/api/spec?name=${encodeURIComponent(name)}`);
  if (!response.ok) { status((await response.json()).message, true); return false; }
  $("yaml").value = await response.text();
  kept = { yaml: $("yaml").value, name };
  $("save-name").value = name;
  $("open-name").value = name;
  keepLast(name);
  changed("yaml");
  return true;
}

// The book last opened or saved here, opened again when the page is: after a save and a reload the
// page showed "My Maze Book" as though the book were gone (a newcomer's trial). Kept for this folder.
const LAST = "puzzlebook-studio-last";
function keepLast(name) {
  try { localStorage.setItem(LAST, JSON.stringify({ name, folder: FOLDER })); } catch (error) { /* none */ }
}
async function openLast() {
  let last = null;
  try { last = JSON.parse(localStorage.getItem(LAST) || "null"); } catch (error) { last = null; }
  const listed = [...$("open-name").options].map((o) => o.value);
  if (!last || last.folder !== FOLDER || !listed.includes(last.name)) return false;
  return openSpec(last.name);
}

// A book not saved, kept in this browser: offered back (true), or nothing to offer.
let offered = ""; // what the offer says
function offerDraft() {
  let draft = null;
  try { draft = JSON.parse(localStorage.getItem(DRAFT) || "null"); } catch (error) { draft = null; }
  if (!draft || typeof draft.yaml !== "string" || draft.yaml === $("yaml").value) return false;
  const when = new Date(draft.at || Date.now()).toLocaleString();
  const title = (draft.yaml.match(/^title:\s*"?([^"\n]*)"?/m) || [])[1] || "a book";
  offered = `Your unsaved book “${title.trim()}” from ${when} is kept in this browser.`;
  $("draft-said").textContent = offered;
  $("draft").hidden = false;
  $("draft-restore").onclick = () => {
    if ($("yaml").value !== kept.yaml && !confirm(`Bring back “${title.trim()}” in place of the book you are making?`)) return;
    $("draft").hidden = true;
    $("yaml").value = draft.yaml;
    if (draft.name) $("save-name").value = draft.name;
    named = Boolean(draft.name);
    kept.name = draft.from || ""; // the spec it was opened from is replaced without asking, as before
    changed("yaml");
  };
  $("draft-discard").onclick = () => {
    $("draft").hidden = true;
    try { localStorage.removeItem(DRAFT); } catch (error) { /* nothing kept */ }
    keepDraft(); // the book being made since, if any, is kept in its place
  };
  return true;
}

start();
