import { Template } from 'aws-cdk-lib/assertions';
import { type BuildAppOptions, type BuiltApp, buildApp } from '../../infra/app.js';

export type Templates = Record<keyof BuiltApp['stacks'], Template>;

/** Skips esbuild: for files that test the stage settings, not the bundles (the dev file bundles). */
export const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] } as const;

/** Builds the app and synthesizes it once; every stack's template comes from that one synth. */
export function synthTemplates(options: BuildAppOptions): { built: BuiltApp; templates: Templates } {
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
