// The desktop app and CLI as references: the same scenario and flags under xvfb-run, its --dump-ui.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const build = process.env.AOILAB_BUILD_DIR ?? path.join(root, 'build-test');
export const appPath = process.env.AOILAB_APP ?? path.join(build, 'bin/aoilab');
export const cliPath = process.env.AOILAB_CLI ?? path.join(build, 'bin/aoilab-cli');

export function desktopDump(flags, frames = 5) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aoilab-web-ref-'));
  fs.mkdirSync(path.join(dir, 'config/aoilab'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'config/aoilab/settings.json'), '{"panels": {}}');
  execFileSync('xvfb-run', ['-a', '-s', '-screen 0 1280x800x24', appPath, '--size', '1280x800', ...flags,
                            '--frames', String(frames), '--dump-ui', path.join(dir, 'ui.json')],
               {cwd: dir, env: {...process.env, XDG_CONFIG_HOME: path.join(dir, 'config')}, stdio: 'pipe', timeout: 120000});
  const ui = JSON.parse(fs.readFileSync(path.join(dir, 'ui.json'), 'utf8'));
  fs.rmSync(dir, {recursive: true, force: true});
  return ui;
}

export function cliJson(args) {
  return JSON.parse(execFileSync(cliPath, args, {cwd: root, encoding: 'utf8', timeout: 120000}));
}
