import { Template } from 'aws-cdk-lib/assertions';
import { type BuildAppOptions, type BuiltApp, buildApp } from '../../infra/app.js';

export type Templates = Record<keyof BuiltApp['stacks'], Template>;

/** Skips esbuild: for files that test the stage settings, not the bundles (the dev file bundles). */
export const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] } as const;

/**
 * The stage settings as deployed (cdk-nag on, as bin/app.ts runs it), without esbuild: for the files that
 * test the stage settings and the findings, not the bundles. One synth of each stage serves them all.
 */
export const STAGE_SYNTH = (stage: 'dev' | 'prod') => ({ stage, nag: true, context: NO_BUNDLING });

const synths = new Map<string, { built: BuiltApp; templates: Templates }>();

/**
 * Builds the app and synthesizes it once; every stack's template comes from that one synth. The same
 * options give the same synth to every file of the worker (the infra project does not isolate its files:
 * vitest.config.ts), so a stage is synthesized once per run, not once per file.
 */
export function synthTemplates(options: BuildAppOptions): { built: BuiltApp; templates: Templates } {
  const key = JSON.stringify(options);
  const cached = synths.get(key);
  if (cached) return cached;
  const result = synthOnce(options);
  synths.set(key, result);
  return result;
}

function synthOnce(options: BuildAppOptions): { built: BuiltApp; templates: Templates } {
  const built = buildApp(options);
  const assembly = built.app.synth();
  const templates = Object.fromEntries(
    Object.entries(built.stacks).map(([k, stack]) => [k, Template.fromJSON(assembly.getStackByName(stack.stackName).template)]),
  ) as Templates;
  return { built, templates };
}

/** Properties of the only resource of a type in a template. */
export function onlyResource(t: Template, type: string): Record<string, unknown> {
  const found = Object.values(t.findResources(type));
  if (found.length !== 1) throw new Error(`Se esperaba un ${type}, hay ${found.length}`);
  return found[0] as Record<string, unknown>;
}
