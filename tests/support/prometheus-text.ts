/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), for the metrics tests. prom-client
 * writes the format but reads none, and the parser on npm (parse-prometheus-text-format) drops the labels of a
 * labelled histogram. Every line is checked against the format: a sample belongs to a family declared by `# TYPE`
 * before it, with its type's suffixes, no series twice, a histogram's buckets cumulative up to `+Inf` = `_count`.
 */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
const LABEL_VALUE = '"(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const LABEL = `(${LABEL_NAME})=(${LABEL_VALUE})`;
// Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`).
const VALUE = '([-+]?(?:\\d+\\.?\\d*(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?|[iI][nN][fF])|[nN][aA][nN])';
const SAMPLE_LINE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL_NAME}=${LABEL_VALUE},?)*)\\})? ${VALUE}(?: (-?\\d+))?$`,
);
const LABELS = new RegExp(LABEL, 'g');
const HELP_LINE = new RegExp(`^# HELP (${NAME}) ?(.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));

const parseValue = (text: string) =>
  /nan/i.test(text) ? NaN : /inf/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);

/** Parses a whole exposition; throws naming the line that breaks the format. */
export function parsePrometheusText(text: string): MetricFamily[] {
  const families = new Map<string, MetricFamily>();
  const helps = new Map<string, string>();
  const series = new Set<string>();
  let current: MetricFamily | undefined;
  text.split('\n').forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`metrics line ${index + 1} ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const help = HELP_LINE.exec(line);
      if (help) {
        if (helps.has(help[1]!)) fail('repeats a HELP');
        helps.set(help[1]!, help[2]!.replace(/\\\\/g, '\\').replace(/\\n/g, '\n'));
        return;
      }
      const type = TYPE_LINE.exec(line);
      if (type) {
        if (families.has(type[1]!)) fail('repeats a TYPE');
        current = {
          name: type[1]!,
          type: type[2] as MetricType,
          help: helps.get(type[1]!) ?? '',
          samples: [],
        };
        families.set(current.name, current);
        return;
      }
      if (/^# (HELP|TYPE) /.test(line)) fail('is a malformed HELP or TYPE');
      return;
    }
    const match = SAMPLE_LINE.exec(line) ?? fail('is no sample');
    const [, name, labelText = '', value] = match;
    if (!current || !SUFFIXES[current.type].some((suffix) => `${current!.name}${suffix}` === name)) {
      fail('is outside the family declared before it');
    }
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(LABELS)) {
      if (key! in labels) fail(`repeats the label ${key}`);
      labels[key!] = unescape(raw!.slice(1, -1));
    }
    const id = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (series.has(id)) fail('repeats a series');
    series.add(id);
    if (name!.endsWith('_bucket') && current!.type === 'histogram' && !('le' in labels))
      fail('is a bucket without le');
    current!.samples.push({ name: name!, labels, value: parseValue(value!) });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return [...families.values()];
}

/** Each labelled histogram: buckets that never decrease, ending at `+Inf` with the series' `_count`. */
function checkHistogram(family: MetricFamily) {
  const key = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([name]) => name !== 'le')
        .sort(),
    );
  const counts = new Map(
    family.samples.filter((s) => s.name.endsWith('_count')).map((s) => [key(s.labels), s.value]),
  );
  const buckets = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name.endsWith('_bucket'))) {
    buckets.set(key(sample.labels), [...(buckets.get(key(sample.labels)) ?? []), sample]);
  }
  for (const [series, samples] of buckets) {
    const values = samples.map((sample) => sample.value);
    if (values.some((value, index) => index > 0 && value < values[index - 1]!)) {
      throw new Error(`histogram ${family.name}${series}: buckets decrease`);
    }
    if (samples.at(-1)?.labels.le !== '+Inf' || values.at(-1) !== counts.get(series)) {
      throw new Error(`histogram ${family.name}${series}: +Inf bucket is not the count`);
    }
  }
}

/** The sum of the samples of series `name` whose labels include `labels` (0 when none): one counter or gauge. */
export function sampleValue(families: MetricFamily[], name: string, labels: Record<string, string> = {}) {
  return families
    .flatMap((family) => family.samples)
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
