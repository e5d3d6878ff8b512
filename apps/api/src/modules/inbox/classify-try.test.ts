import { it } from 'vitest';
import { classifyByRules } from '/work/wt/reply-classifier/apps/api/src/modules/inbox/classify';
import { loadReplyFixtures } from '/work/wt/reply-classifier/apps/api/src/modules/inbox/classify-fixtures';
it('try', () => {
  const f = loadReplyFixtures();
  let ok = 0;
  for (const x of f) { const r = classifyByRules(x.input); if (x.name >= '97' || x.name.length < 7 || x.name.startsWith('1')) console.log(x.name, r.status, r.confidence, r.rule); if (r.status === x.expected) ok++; else console.log(x.name, 'expected', x.expected, 'got', r); }
  console.log(`accuracy ${ok}/${f.length}`);
});
