// Reads PGN with chessops (an independent reader) for planilla's read-back tier.
//   node readback.mjs sample SEED PER_FILE OUT FILE...   seeded sample of whole games from FILEs
//   node readback.mjs compare REF MODE:FILE...            every FILE (read as MODE: san or uci)
//                                                         has REF's games: same moves, comments, NAGs
// A game is flattened to one line per node, depth first: the move (chessops SAN, from a legal
// move), its NAGs and its comments (white space collapsed), with ( and ) around variations.
// Exit 1 with the first differences when a file differs, 0 otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan, makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { normalizeMove } from 'chessops/chess';

function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(seed, perFile, out, files) {
  const rand = mulberry32(seed);
  let text = '';
  for (const f of files) {
    const src = readFileSync(f, 'utf8').replace(/\r\n/g, '\n');
    // A game starts at a tag line that follows a blank line (or the start of the file).
    const starts = [];
    const re = /(^|\n\n)\[/g;
    let m;
    while ((m = re.exec(src))) starts.push(m.index + m[1].length);
    const games = starts.map((s, i) => src.slice(s, i + 1 < starts.length ? starts[i + 1] : src.length).trim());
    const picked = new Set();
    const want = Math.min(perFile, games.length);
    while (picked.size < want) picked.add(Math.floor(rand() * games.length));
    for (const i of [...picked].sort((a, b) => a - b)) text += games[i] + '\n\n';
  }
  writeFileSync(out, text);
}

const clean = (s) => s.replace(/\s+/g, ' ').trim();

function parseMove(pos, token, mode) {
  if (mode === 'uci') {
    const m = parseUci(token);
    if (!m) return undefined;
    const n = normalizeMove(pos, m);
    return pos.isLegal(n) ? n : undefined;
  }
  return parseSan(pos, token);
}

function flatten(game, mode) {
  const lines = [];
  for (const c of game.comments || []) lines.push('{' + clean(c) + '}');
  const start = startingPosition(game.headers);
  if (start.isErr) {
    lines.push('start position: ' + start.error.message);
    return lines;
  }
  const walk = (node, pos) => {
    node.children.forEach((child, i) => {
      if (i > 0) lines.push('(');
      const p = pos.clone();
      for (const c of child.data.startingComments || []) lines.push('{' + clean(c) + '}');
      const move = parseMove(p, child.data.san, mode);
      if (!move) {
        lines.push('unreadable move ' + child.data.san);
      } else {
        const nags = (child.data.nags || []).map((n) => '$' + n).join(' ');
        const comments = (child.data.comments || []).map((c) => '{' + clean(c) + '}').join(' ');
        lines.push([makeSan(p, move), nags, comments].filter((x) => x).join(' '));
        p.play(move);
        walk(child, p);
      }
      if (i > 0) lines.push(')');
    });
  };
  // The main line's continuation is children[0]; variations are its siblings, walked after it.
  walk(game.moves, start.value);
  return lines;
}

function read(file, mode) {
  return parsePgn(readFileSync(file, 'utf8')).map((g) => flatten(g, mode));
}

function compare(ref, targets) {
  const want = read(ref, 'san');
  let failed = false;
  for (const t of targets) {
    const colon = t.indexOf(':');
    const mode = t.slice(0, colon);
    const file = t.slice(colon + 1);
    const got = read(file, mode);
    const problems = [];
    if (got.length !== want.length) problems.push(`${want.length} games in the reference, ${got.length} read`);
    let moves = 0;
    for (let g = 0; g < Math.min(got.length, want.length); ++g) {
      moves += want[g].length;
      const a = want[g], b = got[g];
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; ++i) {
        if (a[i] !== b[i]) {
          problems.push(`game ${g + 1}, node ${i + 1}: reference "${a[i] ?? '(end)'}", read "${b[i] ?? '(end)'}"`);
          break;
        }
      }
    }
    const unreadable = got.flat().filter((l) => l.startsWith('unreadable')).length;
    if (unreadable) problems.push(`${unreadable} unreadable moves`);
    console.log(`${problems.length ? 'DIFFERS' : 'same   '} ${mode.padEnd(3)} ${file}: ${got.length} games, ${moves} nodes`);
    for (const p of problems.slice(0, 5)) console.log('    ' + p);
    if (problems.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'sample') sample(Number(args[0]), Number(args[1]), args[2], args.slice(3));
else if (cmd === 'compare') compare(args[0], args.slice(1));
else {
  console.error('usage: readback.mjs sample SEED PER_FILE OUT FILE... | compare REF MODE:FILE...');
  process.exit(2);
}
