import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

/*
 * The console's own stylesheet parses whole. A merge once dropped a closing brace: every rule after it
 * fell inside a phone-only @media block, and the build (which does not complain) shipped it.
 */
describe('web/src/styles.css', () => {
  it('parses, every block closed', () => {
    const css = readFileSync(join(import.meta.dirname, '../../web/src/styles.css'), 'utf8');
    const raiz = postcss.parse(css);
    // Phone-only blocks hold only phone rules: no section comment ('--- … ---') ever lands inside one.
    raiz.walkAtRules('media', (m) => m.walkComments((c) => expect(c.text, `comentario dentro de @media ${m.params}`).not.toMatch(/^---/)));
    expect(raiz.nodes.length).toBeGreaterThan(50);
  });
});
