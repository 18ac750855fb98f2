import type { Template } from 'aws-cdk-lib/assertions';
import { synthTemplates } from '../infra/support.js';

/**
 * What the test/infra/dev-stacks-*.test.ts files share: the dev stage, synthesized once with real
 * esbuild bundling of the four entry files (so a missing or non-compiling handler fails there too).
 * The same options for every file, so test/infra/support.ts hands them all the one synth of the run.
 */
export const pilasDev = () => synthTemplates({ stage: 'dev' });

export const PRE_SIGN_UP = 'Cognito PreSignUp: rechaza todo registro que no venga de la API';
export const TICK = 'Cada minuto: inicia los viajes que salen en 2 h o menos y vence cuentas de personal sin confirmar';

/**
 * Each function's DynamoDB actions, table by table: its role's policies, with each resource mapped to
 * the table it names (the data stack's `Tables<key>` export, or a Ref in the same stack).
 */
export function tableGrants(template: Template): Record<string, Record<string, string[]>> {
  const fns = template.findResources('AWS::Lambda::Function');
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }[];
  const out: Record<string, Record<string, string[]>> = {};
  for (const fn of Object.values(fns) as { Properties: { Description?: string; Role: { 'Fn::GetAtt': [string, string] } } }[]) {
    const roleId = fn.Properties.Role['Fn::GetAtt']?.[0];
    if (!roleId || !fn.Properties.Description) continue;
    const byTable: Record<string, Set<string>> = {};
    for (const p of policies.filter((p) => p.Properties.Roles.some((r) => r.Ref === roleId))) {
      for (const st of p.Properties.PolicyDocument.Statement) {
        const actions = [st.Action].flat().filter((a) => a.startsWith('dynamodb:'));
        if (!actions.length) continue;
        // CDK merges statements with the same actions, so one statement may name several tables.
        for (const [, key] of JSON.stringify(st.Resource).matchAll(/Tables(\w+?)[0-9A-F]{8}/g)) {
          byTable[key!] ??= new Set();
          actions.forEach((a) => byTable[key!]!.add(a));
        }
      }
    }
    if (Object.keys(byTable).length) out[fn.Properties.Description] = Object.fromEntries(Object.entries(byTable).map(([k, v]) => [k, [...v].sort()]));
  }
  return out;
}

export const fnWithEntryDescription = (template: Template, description: string) => {
  const fns = template.findResources('AWS::Lambda::Function', { Properties: { Description: description } });
  const [logicalId, fn] = Object.entries(fns)[0] ?? [];
  if (!logicalId || !fn) throw new Error(`No hay función "${description}"`);
  return { logicalId, props: (fn as { Properties: Record<string, unknown> }).Properties };
};
