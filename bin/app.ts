import { existsSync } from 'node:fs';
import { buildApp } from '../infra/app.js';
import { fromRoot, WEB_DIST } from '../infra/paths.js';

// The built console when there is one; otherwise the web stack deploys a placeholder page.
const webDist = fromRoot(WEB_DIST);
const webAssetPath = existsSync(`${webDist}/index.html`) ? webDist : undefined;

const { app, config } = buildApp({ webAssetPath, nag: true });

if (!webAssetPath) {
  // A prod deploy without the console would replace the live site with the placeholder.
  if (config.stage === 'prod') throw new Error(`Falta ${WEB_DIST}/index.html: ejecuta "npm run build" antes de sintetizar prod.`);
  console.warn(`[infra] ${WEB_DIST} no existe: se desplegará una página provisional de la consola.`);
}

app.synth();
