// Benchmarks `quire dev`: edit-to-reload time on a generated 1,000-page site, by default the realistic content
// (bench/realistic.mjs; `--small`: bench/generate.mjs's short pages). Starts the real CLI, listens to its
// live-reload event stream like a page does, edits one doc and measures from the write to
// (a) the reload event reaching the page and (b) the reloaded page's HTML being fetched with the new text.
// Usage: node bench/dev.mjs [--pages 1000] [--edits 15] [--title-edits 10] [--small] [--hosted] [--log] ; prints a Markdown table.
// --hosted: the site without its local search index; --log: the dev server's terminal output afterwards.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from './generate.mjs';
import { realisticQuireSite } from './realistic.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts `quire dev` on a free port and resolves with its site URL once it serves. */
function startDev(root, extra = []) {
  const child = spawn(process.execPath, [path.join(repo, 'lib/quire.js'), 'dev', '--root', root, '--port', '0', ...extra], {
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`quire dev did not start within 120 s:\n${log}`)), 120_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const m = /serving (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`quire dev exited with ${code}:\n${log}`)));
  });
  return { child, url, log: () => log };
}

/**
 * The live-reload stream as a page opens it; `next()` resolves with the next `ok` event that names `watched`
 * (events that came while nobody waited are kept until `clear()`).
 */
function listen(origin, watched) {
  let waiting;
  const queued = [];
  let buffer = '';
  const req = get(`${origin}/__quire/events`, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!/^event: ok$/m.test(block)) continue;
        const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
        // Only the build that changed the edited page counts (an editor's save can start two builds).
        if (!data.files.includes(watched)) continue;
        const event = { at: performance.now(), data };
        if (!waiting) {
          queued.push(event);
          continue;
        }
        const resolve = waiting;
        waiting = undefined;
        resolve(event);
      }
    });
  });
  return {
    next: (timeoutMs = 10_000) =>
      queued.length
        ? Promise.resolve(queued.shift())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no reload event within 10 s')), timeoutMs);
            waiting = (v) => {
              clearTimeout(timer);
              resolve(v);
            };
          }),
    clear: () => queued.splice(0),
    close: () => req.destroy(),
  };
}

function fetchText(url) {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/**
 * CPU time the process has used so far (every thread's time on a core, from /proc/<pid>/task/<tid>/schedstat, in
 * nanoseconds), in ms; undefined where there is no /proc. Beside wall times on a shared machine: other processes
 * stretch wall time, much less the CPU time an edit costs.
 */
function cpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Runs the measurement; returns medians and 95th percentiles in milliseconds. */
export async function measureDevReload({ pages = 1000, edits = 15, titleEdits = 10, small = false, showLog = false, hosted = false } = {}) {
  const root = path.join(repo, 'bench/out', `site-dev-${small ? 'small-' : ''}${pages}`);
  let page;
  if (small) {
    await generateSite(pages, root);
    page = 'docs/kapitel-3/seite-42';
  } else {
    realisticQuireSite(pages, root);
    // The page in the middle of the sorted list: its chapter's sidebar lists its title, as on any docs page.
    const files = (await readdir(path.join(root, 'content/docs/gen'), { recursive: true })).filter((f) => f.endsWith('.md')).sort();
    page = `docs/gen/${files[Math.floor(files.length / 2)].replace(/\.md$/, '')}`;
  }
  // `hosted`: the realistic site's config without a local search index (no search pass between edits).
  const dev = startDev(root, hosted ? ['--config', 'hosted.config.ts'] : []);
  try {
    const siteUrl = await dev.url;
    const origin = new URL(siteUrl).origin;
    const events = listen(origin, `de/${page}/index.html`);
    await new Promise((r) => setTimeout(r, 1500)); // the warm-up compile and the first search index
    const file = path.join(root, `content/${page}.md`);
    const pageUrl = `${siteUrl}${page}/`;
    const original = await readFile(file, 'utf8');
    // A new first paragraph, right after the front matter.
    const bodyAt = original.indexOf('\n---\n', 4) + 5;
    const edited = (marker) => `${original.slice(0, bodyAt)}\n${marker}.\n${original.slice(bodyAt)}`;
    const toEvent = [];
    const toPage = [];
    const cpu = [];
    for (let i = 0; i <= edits; i++) {
      const marker = `Bearbeitung ${i} um ${Date.now()}`;
      events.clear();
      const start = performance.now();
      const cpuBefore = cpuMs(dev.child.pid);
      await writeFile(file, edited(marker));
      // Written in place, as many editors do: the watcher may see the file emptied first and build that, then
      // the whole text a moment later. Timed until the reload that shows the edit.
      let at;
      let html = '';
      for (let reloads = 0; reloads < 3 && !html.includes(marker); reloads++) {
        ({ at } = await events.next());
        html = await fetchText(pageUrl);
      }
      const done = performance.now();
      if (!html.includes(marker)) throw new Error('the reloaded page does not show the edit after three reloads');
      if (i === 0) continue; // the first edit warms caches; not counted
      toEvent.push(at - start);
      const cpuAfter = cpuMs(dev.child.pid);
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpu.push(cpuAfter - cpuBefore);
      toPage.push(done - start);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A title edit re-renders the pages whose sidebar shows the title: timed `titleEdits` times, each a new title
    // (the first warms up and is not counted), to the reload event whose page shows it (an in-place write may be
    // built empty first, as above).
    const titleMs = [];
    let titleEdit;
    for (let i = 0; i <= titleEdits; i++) {
      const title = `Umbenannte Seite ${i} ${Date.now()}`;
      events.clear();
      const start = performance.now();
      await writeFile(file, original.replace(/^title: .*$/m, `title: ${title}`));
      let html = '';
      for (let reloads = 0; reloads < 3 && !html.includes(title); reloads++) {
        titleEdit = await events.next();
        html = await fetchText(pageUrl);
      }
      if (!html.includes(title)) throw new Error('the reloaded page does not show the new title after three reloads');
      if (i > 0) titleMs.push(titleEdit.at - start);
      await new Promise((r) => setTimeout(r, 100));
    }
    await writeFile(file, original);
    events.close();
    const round = (x) => Math.round(x);
    return {
      pages,
      edits,
      toReloadEventMedianMs: round(median(toEvent)),
      toReloadEventP95Ms: round(p95(toEvent)),
      toReloadedPageMedianMs: round(median(toPage)),
      toReloadedPageP95Ms: round(p95(toPage)),
      cpuPerEditMedianMs: cpu.length ? round(median(cpu)) : undefined,
      titleEditToReloadEventMedianMs: round(median(titleMs)),
      titleEditToReloadEventP95Ms: round(p95(titleMs)),
      titleEdits,
      titleEditPagesRendered: titleEdit.data.files.filter((f) => f.endsWith('.html')).length,
    };
  } finally {
    dev.child.kill('SIGINT');
    if (showLog) process.stderr.write(dev.log());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) =>
    Number(
      process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ??
        process.argv[process.argv.indexOf(`--${name}`) + 1] ??
        fallback,
    ) || fallback;
  const r = await measureDevReload({
    pages: arg('pages', 1000),
    edits: arg('edits', 15),
    titleEdits: arg('title-edits', 10),
    small: process.argv.includes('--small'),
    showLog: process.argv.includes('--log'),
    hosted: process.argv.includes('--hosted'),
  });
  console.log('| quire dev, one doc body edited | median | p95 |');
  console.log('| --- | ---: | ---: |');
  console.log(
    `| edit → reload event (${r.pages} ${process.argv.includes('--small') ? 'short' : 'realistic'} pages) | ${r.toReloadEventMedianMs} ms | ${r.toReloadEventP95Ms} ms |`,
  );
  console.log(`| edit → reloaded page fetched | ${r.toReloadedPageMedianMs} ms | ${r.toReloadedPageP95Ms} ms |`);
  if (r.cpuPerEditMedianMs !== undefined)
    console.log(`\nCPU time of quire dev per body edit (all threads, to the reloaded page): ${r.cpuPerEditMedianMs} ms median.`);
  console.log(
    `\nA title edit (re-renders the ${r.titleEditPagesRendered} pages that show it), edit → reload event over ${r.titleEdits} edits: median ${r.titleEditToReloadEventMedianMs} ms, p95 ${r.titleEditToReloadEventP95Ms} ms.`,
  );
}
