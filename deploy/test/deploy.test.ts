import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const ROOT = path.resolve(__dirname, '../..');
const K8S = path.join(ROOT, 'deploy/k8s');
type Doc = Record<string, any>;

function hasKubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Renders an overlay with kubectl's kustomize where present, else reads the base and overlay files as they are. */
function render(overlay: 'dev' | 'prod'): Doc[] {
  const dir = path.join(K8S, 'overlays', overlay);
  const secrets = path.join(dir, 'secrets.env');
  const madeSecrets = overlay === 'dev' && !fs.existsSync(secrets);
  if (madeSecrets) fs.copyFileSync(path.join(dir, 'secrets.env.example'), secrets);
  try {
    if (hasKubectl()) {
      return yaml.loadAll(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })).filter(Boolean) as Doc[];
    }
    const files = [
      ...fs.readdirSync(path.join(K8S, 'base')).map((f) => path.join(K8S, 'base', f)),
      ...fs.readdirSync(dir).map((f) => path.join(dir, f)),
    ].filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'));
    const docs = files.flatMap((f) => yaml.loadAll(fs.readFileSync(f, 'utf8')) as Doc[]).filter(Boolean);
    if (overlay === 'prod') {
      for (const d of docs) {
        if (d.kind === 'Deployment') d.spec.replicas = 2;
        if (d.kind === 'HorizontalPodAutoscaler') d.spec.minReplicas = 2;
        if (d.kind === 'Ingress') d.spec.tls = [{ hosts: [d.spec.rules[0].host], secretName: 'learner-logbook-tls' }];
      }
    }
    return docs;
  } finally {
    if (madeSecrets) fs.rmSync(secrets);
  }
}

const SERVICE_DEPLOYMENTS = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook'];
/** The stages of a Dockerfile that use WORKSPACE without declaring it (a build argument is per stage: it would be empty). */
const stagesMissingWorkspace = (dockerfile: string) =>
  dockerfile
    .split(/^FROM /m)
    .slice(1)
    .filter((stage) => /\$\{WORKSPACE\}/.test(stage) && !/^ARG WORKSPACE$/m.test(stage))
    .map((stage) => stage.split('\n')[0]);

const FRONT_ENDS = ['shell', 'mf-parent', 'mf-student', 'mf-sessions'];

/**
 * The files of scripts/ each front end reads, as scripts/build.mjs finds them: those its build config imports
 * (`buildScripts`, which decides when it is rebuilt), and those its build config and its standalone page import.
 */
function scriptsReadByFrontEnds(): Record<string, { build: string[]; withPage: string[] }> {
  return JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { buildScripts, scriptsImportedBy } from './scripts/build.mjs';
         console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(FRONT_ENDS)}.map((f) => [f, {
           build: buildScripts(f),
           withPage: scriptsImportedBy([f + '/vite.config.ts', f + '/src/main.tsx']),
         }]))));`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ),
  );
}
const APP_DEPLOYMENTS = [...SERVICE_DEPLOYMENTS, 'gateway', ...FRONT_ENDS];
/** The gateway's upstream for each front end. */
const FRONT_END_URLS: Record<string, string> = {
  SHELL_URL: 'http://shell:8080',
  MF_PARENT_URL: 'http://mf-parent:8080',
  MF_STUDENT_URL: 'http://mf-student:8080',
  MF_SESSIONS_URL: 'http://mf-sessions:8080',
};

describe.each(['dev', 'prod'] as const)('Kubernetes %s overlay', (overlay) => {
  const docs = render(overlay);
  const of = (kind: string) => docs.filter((d) => d.kind === kind);
  const deployments = of('Deployment');

  it('has every service, the gateway and every front end', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APP_DEPLOYMENTS].sort());
  });

  it.each(APP_DEPLOYMENTS)('%s has probes, limits, a non-root read-only container, a PDB and an HPA', (name) => {
    const d = deployments.find((x) => x.metadata.name === name)!;
    const pod = d.spec.template.spec;
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(c.resources.requests.cpu).toBeDefined();
      expect(c.resources.limits.memory).toBeDefined();
    }
    const main = pod.containers[0];
    expect(main.livenessProbe.httpGet.path).toBe('/health');
    expect(main.readinessProbe.httpGet.path).toBe(SERVICE_DEPLOYMENTS.includes(name) ? '/ready' : '/health');
    if (overlay === 'prod') expect(d.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(of('PodDisruptionBudget').some((p) => p.metadata.name === name)).toBe(true);
    const hpa = of('HorizontalPodAutoscaler').find((h) => h.metadata.name === name)!;
    expect(hpa.spec.scaleTargetRef.name).toBe(name);
    if (overlay === 'prod') expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('creates indexes before a service replica serves', () => {
    for (const d of deployments.filter((x) => SERVICE_DEPLOYMENTS.includes(x.metadata.name))) {
      const init = d.spec.template.spec.initContainers ?? [];
      expect(init.some((c: Doc) => c.command.includes('--create-indexes'))).toBe(true);
    }
  });

  it('exposes only the gateway through an Ingress, and only the gateway and the services themselves reach the services', () => {
    const ingresses = of('Ingress');
    expect(ingresses).toHaveLength(1);
    expect(ingresses[0].spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    // The gateway's access log, which leaves signing tokens out, is the one kept.
    expect(ingresses[0].metadata.annotations['nginx.ingress.kubernetes.io/enable-access-log']).toBe('false');
    for (const s of of('Service')) expect(s.spec.type ?? 'ClusterIP').toBe('ClusterIP');
    const policies = of('NetworkPolicy');
    expect(
      policies.some((p) => p.metadata.name === 'default-deny-ingress' && Object.keys(p.spec.podSelector).length === 0),
    ).toBe(true);
    const toServices = policies.find((p) => p.spec.podSelector.matchLabels?.tier === 'service')!;
    // The gateway for the public API; the other services for the internal API and events between owners.
    expect(toServices.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
      { podSelector: { matchLabels: { tier: 'service' } } },
    ]);
    const serviceLabels = deployments
      .filter((d) => SERVICE_DEPLOYMENTS.includes(d.metadata.name))
      .map((d) => d.spec.template.metadata.labels.tier);
    expect(new Set(serviceLabels)).toEqual(new Set(['service']));
  });

  it('terminates TLS at the Ingress in production, for its host, with the certificate from a Secret', () => {
    const [ingress] = of('Ingress');
    if (overlay === 'dev') {
      expect(ingress.spec.tls).toBeUndefined();
      return;
    }
    expect(ingress.spec.tls).toEqual([
      { hosts: [ingress.spec.rules[0].host], secretName: expect.stringMatching(/^[a-z0-9-]+$/) },
    ]);
    // The configured origin is the Ingress's host, over https.
    const config = of('ConfigMap').find((c) => c.metadata.name === 'learner-logbook-config')!;
    expect(config.data.PUBLIC_ORIGIN).toBe(`https://${ingress.spec.rules[0].host}`);
    // cert-manager, the usual way to fill that Secret, is named where the patch is.
    const kustomization = fs.readFileSync(path.join(K8S, 'overlays/prod/kustomization.yaml'), 'utf8');
    expect(kustomization).toMatch(/cert-manager\.io\/cluster-issuer: \S+/);
    expect(kustomization).toContain(ingress.spec.tls[0].secretName);
  });

  it('lets only the ingress controller reach the gateway, the one peer its TRUST_PROXY is there for', () => {
    const toGateway = of('NetworkPolicy').filter(
      (p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'gateway',
    );
    expect(toGateway).toHaveLength(1);
    expect(toGateway[0].spec.ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
        ports: [{ port: 8080 }],
      },
    ]);
    // The gateway reads the shared ConfigMap: private addresses, of which only the ingress controller's reach it.
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0];
    expect(gateway.env.find((e: Doc) => e.name === 'TRUST_PROXY')).toBeUndefined();
    const config = of('ConfigMap').find((c) => c.metadata.name === 'learner-logbook-config')!;
    expect(config.data.TRUST_PROXY).toBe('loopback, uniquelocal');
  });

  it('gives svc-auth the mail server from the Secret and the sender from the ConfigMap', () => {
    const auth = deployments.find((d) => d.metadata.name === 'svc-auth')!.spec.template.spec.containers[0];
    expect(auth.env.find((e: Doc) => e.name === 'SMTP_URL')?.valueFrom.secretKeyRef).toEqual({
      name: 'learner-logbook-secrets',
      key: 'SMTP_URL',
    });
    const config = of('ConfigMap').find((c) => c.metadata.name === 'learner-logbook-config');
    if (config) expect(config.data.MAIL_FROM).toMatch(/^Learner Logbook </);
  });

  it('gives the gateway and every service the internal secret, which vouches for X-Forwarded-*', () => {
    for (const d of deployments.filter((x) => !FRONT_ENDS.includes(x.metadata.name))) {
      const env = d.spec.template.spec.containers[0].env as Doc[];
      expect(env.find((e) => e.name === 'INTERNAL_API_SECRET')?.valueFrom.secretKeyRef).toEqual({
        name: 'learner-logbook-secrets',
        key: 'INTERNAL_API_SECRET',
      });
    }
  });

  it('runs each front end as its own static-file Deployment that only the gateway reaches', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0];
    for (const [name, url] of Object.entries(FRONT_END_URLS)) {
      expect(gateway.env.find((e: Doc) => e.name === name)?.value).toBe(url);
    }
    for (const name of FRONT_ENDS) {
      const d = deployments.find((x) => x.metadata.name === name)!;
      const pod = d.spec.template.spec;
      const main = pod.containers[0];
      expect(main.image).toBe(
        overlay === 'prod' ? `registry.example.com/learner-logbook/${name}:1.0.0` : `learner-logbook/${name}`,
      );
      expect(main.ports[0].containerPort).toBe(8080);
      expect(main.env ?? []).toEqual([]);
      expect(pod.securityContext.runAsUser).not.toBe(0);
      expect(main.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(d.spec.template.metadata.labels.tier).toBe('front-end');
      const service = of('Service').find((s) => s.metadata.name === name)!;
      expect(service.spec.ports[0].port).toBe(8080);
    }
    const policy = of('NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.tier === 'front-end')!;
    expect(policy.spec.ingress).toEqual([
      { from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }], ports: [{ port: 8080 }] },
    ]);
  });

  it('takes MongoDB from a Secret (prod) or a StatefulSet only the services reach (dev)', () => {
    if (overlay === 'prod') {
      expect(of('StatefulSet')).toHaveLength(0);
      const env = deployments.find((d) => d.metadata.name === 'svc-logbook')!.spec.template.spec.containers[0].env;
      expect(env.find((e: Doc) => e.name === 'MONGODB_URI').valueFrom.secretKeyRef.name).toBe(
        'learner-logbook-secrets',
      );
    } else {
      expect(of('StatefulSet').map((s) => s.metadata.name)).toEqual(['mongodb']);
      const policy = of('NetworkPolicy').find(
        (p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'mongodb',
      )!;
      expect(policy.spec.ingress[0].from[0].podSelector.matchLabels).toEqual({ tier: 'service' });
    }
  });
});

describe('docker-compose.yml', () => {
  const compose = yaml.load(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as Doc;
  const services = compose.services as Record<string, Doc>;

  it('publishes only the HTTPS edge (and, on request, the development mail catcher on loopback alone)', () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([n]) => n);
    expect(published).toEqual(['mail-catcher', 'edge']);
    expect(services.edge.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(services['mail-catcher'].profiles).toEqual(['mail-catcher']);
    for (const port of services['mail-catcher'].ports) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('gives svc-auth the mail server from .env, required, and the sender', () => {
    expect(services['svc-auth'].environment.SMTP_URL).toBe('${SMTP_URL:?set SMTP_URL in .env}');
    expect(services['svc-auth'].environment.MAIL_FROM).toMatch(/^\$\{MAIL_FROM:-Learner Logbook </);
    expect(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')).toMatch(/^SMTP_URL=$/m);
  });

  it('runs MongoDB 7 as a replica set with a volume and a health check, and services wait for it', () => {
    expect(services.mongo.image).toBe('mongo:7');
    expect(services.mongo.command).toContain('--replSet');
    expect(services.mongo.volumes[0]).toMatch(/^mongo-data:/);
    expect(services.mongo.healthcheck.test).toBeDefined();
    for (const name of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook']) {
      expect(services[name].depends_on.mongo.condition).toBe('service_healthy');
    }
  });

  it('builds each service and the gateway as an image of its own, from the one recipe, listening where it is reached', () => {
    for (const name of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway']) {
      const { build, environment } = services[name];
      expect(build).toMatchObject({ context: '.', dockerfile: 'deploy/images/service.Dockerfile' });
      expect(build.args).toMatchObject({ WORKSPACE: name, PORT: environment.PORT });
      expect(build.args.HEALTH_PATH).toBe(name === 'gateway' ? '/api/health' : undefined);
    }
    const urls = services.gateway.environment;
    expect(urls.AUTH_SERVICE_URL).toBe(`http://svc-auth:${services['svc-auth'].build.args.PORT}`);
    expect(urls.LOGBOOK_SERVICE_URL).toBe(`http://svc-logbook:${services['svc-logbook'].build.args.PORT}`);
  });

  it('gives every service the public origin and Secure cookies unless told otherwise', () => {
    for (const name of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway']) {
      expect(services[name].environment.PUBLIC_ORIGIN).toBe('${PUBLIC_ORIGIN:?set PUBLIC_ORIGIN in .env}');
    }
    for (const name of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook']) {
      expect(services[name].environment.COOKIE_SECURE).toBe('${COOKIE_SECURE:-true}');
    }
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    expect(example).toMatch(/^PUBLIC_ORIGIN=https:\/\//m);
    expect(example).toMatch(/^COOKIE_SECURE=true$/m);
  });

  it('has the gateway believe X-Forwarded-* from the edge alone, by its fixed address on a network of their own', () => {
    const address = services.edge.networks.edge.ipv4_address;
    expect(address).toBe('${EDGE_ADDRESS:-172.30.80.2}');
    expect(services.gateway.environment.TRUST_PROXY).toBe(address);
    expect(compose.networks.edge.ipam.config).toEqual([{ subnet: '${EDGE_SUBNET:-172.30.80.0/28}' }]);
    const onEdge = Object.entries(services)
      .filter(([, s]) => (Array.isArray(s.networks) ? s.networks : Object.keys(s.networks ?? {})).includes('edge'))
      .map(([n]) => n);
    expect(onEdge).toEqual(['gateway', 'edge']);
    expect(Object.keys(services.edge.networks)).toEqual(['edge']);
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    expect(example).toMatch(/^EDGE_SUBNET=172\.30\.80\.0\/28$/m);
    expect(example).toMatch(/^EDGE_ADDRESS=172\.30\.80\.2$/m);
  });

  it("runs the edge from the official Caddy 2 image with the repository's Caddyfile, its certificates in a volume", () => {
    const edge = services.edge;
    expect(edge.image).toBe('caddy:2');
    expect(edge.volumes).toEqual([
      './deploy/edge/Caddyfile:/etc/caddy/Caddyfile:ro',
      'caddy-data:/data',
      'caddy-config:/config',
    ]);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['caddy-data', 'caddy-config']));
    expect(edge.environment).toEqual({
      SITE_ADDRESS: '${SITE_ADDRESS:?set SITE_ADDRESS in .env (the public name, or localhost)}',
      GATEWAY_UPSTREAM: 'gateway:8080',
    });
    expect(edge.depends_on.gateway.condition).toBe('service_healthy');
    // The name in SITE_ADDRESS is the one families open.
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const site = /^SITE_ADDRESS=(.+)$/m.exec(example)?.[1];
    expect(`https://${site}`).toBe(/^PUBLIC_ORIGIN=(.+)$/m.exec(example)?.[1]);
    expect(example).toMatch(/^COMPOSE_PROJECT_NAME=learner-logbook$/m);
  });

  it('gives the gateway and every service the internal secret, which vouches for X-Forwarded-*', () => {
    for (const name of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway']) {
      expect(services[name].environment.INTERNAL_API_SECRET).toBe(
        '${INTERNAL_API_SECRET:?set INTERNAL_API_SECRET in .env}',
      );
    }
  });

  it('builds each front end as its own image, reached by the gateway, which carries no front-end build', () => {
    for (const name of FRONT_ENDS) {
      expect(services[name].build).toMatchObject({ context: '.', dockerfile: 'deploy/images/front-end.Dockerfile' });
      expect(services[name].build.args).toEqual({ WORKSPACE: name, GIT_COMMIT: '${GIT_COMMIT:-unknown}' });
      expect(services[name].read_only).toBe(true);
      expect(services[name].ports).toBeUndefined();
    }
    for (const [name, url] of Object.entries(FRONT_END_URLS)) expect(services.gateway.environment[name]).toBe(url);
    const service = fs.readFileSync(path.join(ROOT, 'deploy/images/service.Dockerfile'), 'utf8');
    expect(service).not.toMatch(/(shell|mf-[a-z]+)\/dist/);
    expect(service).not.toMatch(/^COPY \. /m);
    // Only the workspace named is copied in: its sources, and what it installs and builds with.
    for (const line of service.match(/^COPY (?!--from).*$/gm) ?? []) {
      expect(line).toMatch(
        /^COPY (package\.json package-lock\.json|packages\/[a-z-]+(\/package\.json)?|scripts\/.*|\$\{WORKSPACE\}\/\S+) /,
      );
    }
  });

  it("copies into the front-end image every file of scripts/ a front end's build reads", () => {
    const file = fs.readFileSync(path.join(ROOT, 'deploy/images/front-end.Dockerfile'), 'utf8');
    const copied = new Set((file.match(/^COPY (scripts\/\S+ )+scripts\/$/m)?.[0] ?? '').split(' ').slice(1, -1));
    const needed = [...new Set(Object.values(scriptsReadByFrontEnds()).flatMap((f) => f.withPage))];
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.filter((f) => !copied.has(f))).toEqual([]);
  });

  it('rebuilds a front end, where only stale ones are built, when a file of scripts/ its build reads changes', () => {
    const listed = scriptsReadByFrontEnds();
    for (const name of FRONT_ENDS)
      expect(listed[name].build).toEqual(
        expect.arrayContaining(['scripts/frontEndRelease.ts', 'scripts/federationShared.ts']),
      );
    expect(listed['mf-sessions'].build).toContain('scripts/remoteViteConfig.ts');
  });

  it('serves every front end from an unprivileged nginx with the one server configuration the browser tests run', () => {
    const file = fs.readFileSync(path.join(ROOT, 'deploy/images/front-end.Dockerfile'), 'utf8');
    expect(file).toMatch(/^ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:/m);
    expect(file).toMatch(/^COPY deploy\/nginx\/front-end\.conf \/etc\/nginx\/conf\.d\/default\.conf$/m);
    expect(file).toMatch(/^COPY --from=build \/app\/\$\{WORKSPACE\}\/dist \/usr\/share\/nginx\/html$/m);
    expect(file).toMatch(/^USER 101$/m);
    expect(file).toMatch(/^HEALTHCHECK .*\/health/m);
    expect(file).toMatch(/npm run build --workspace \$\{WORKSPACE\} /);
    // Each stage that names the workspace declares it: an undeclared build argument would expand to nothing.
    expect(stagesMissingWorkspace(file)).toEqual([]);
    const conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx/front-end.conf'), 'utf8');
    expect(conf).toMatch(/^\s*listen 8080;$/m);
    expect(conf).toMatch(/^\s*gzip on;$/m);
    expect(conf).toMatch(/immutable/);
  });

  it('builds every image from a Dockerfile with a non-root user, production mode and a health check', () => {
    const file = fs.readFileSync(path.join(ROOT, 'deploy/images/service.Dockerfile'), 'utf8');
    expect(file).toMatch(/^USER node$/m);
    expect(file).toMatch(/NODE_ENV=production/);
    expect(file).toMatch(/^HEALTHCHECK .*process\.env\.PORT\+process\.env\.HEALTH_PATH/m);
    expect(file).toMatch(/--omit=dev/);
    expect(stagesMissingWorkspace(file)).toEqual([]);
  });
});

describe('secrets', () => {
  it('keeps no secret value in any deployment file', () => {
    const files = [
      path.join(ROOT, 'docker-compose.yml'),
      path.join(ROOT, '.env.example'),
      ...fs.readdirSync(path.join(K8S, 'base')).map((f) => path.join(K8S, 'base', f)),
      ...['dev', 'prod'].flatMap((o) =>
        fs.readdirSync(path.join(K8S, 'overlays', o)).map((f) => path.join(K8S, 'overlays', o, f)),
      ),
    ].filter((f) => fs.statSync(f).isFile() && !f.endsWith('/secrets.env'));
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      expect(text).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      expect(text).not.toMatch(/\bsk_(live|test)_[A-Za-z0-9]{8,}/);
      expect(text).not.toMatch(/\bwhsec_[A-Za-z0-9]{8,}/);
    }
    expect(fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8')).toMatch(/^\.env$/m);
  });
});
