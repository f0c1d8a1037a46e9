// Regenerates the model profiles in this folder: `node configs/models/generate-profiles.mjs`.
// Layer sizes are computed from the published architectures; loss costs follow README.md here.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// ---- parameter counts (weights + biases; BatchNorm γ and β; running statistics are not trained)
const conv = (cin, cout, k, bias = true) => cin * cout * k * k + (bias ? cout : 0);
const bn = (c) => 2 * c;
const dense = (cin, cout) => cin * cout + cout;
const layerNorm = (c) => 2 * c;

function vgg16() {
  const layers = [];
  const plan = [
    [1, 2, 64],
    [2, 2, 128],
    [3, 3, 256],
    [4, 3, 512],
    [5, 3, 512],
  ];
  let cin = 3;
  for (const [stage, count, cout] of plan)
    for (let i = 1; i <= count; i++) {
      layers.push([`conv${stage}_${i}`, conv(cin, cout, 3)]);
      cin = cout;
    }
  layers.push(['fc6', dense(512 * 7 * 7, 4096)], ['fc7', dense(4096, 4096)], ['fc8', dense(4096, 1000)]);
  return layers;
}

function resnet50() {
  // torchvision resnet50 (v1.5: stride on the 3x3); convolutions have no bias, each is followed by BN.
  const layers = [['conv1', conv(3, 64, 7, false) + bn(64)]];
  let cin = 64;
  const stages = [
    [1, 3, 64],
    [2, 4, 128],
    [3, 6, 256],
    [4, 3, 512],
  ];
  for (const [stage, blocks, width] of stages)
    for (let b = 0; b < blocks; b++) {
      const out = 4 * width;
      let p = conv(cin, width, 1, false) + bn(width);
      p += conv(width, width, 3, false) + bn(width);
      p += conv(width, out, 1, false) + bn(out);
      if (b === 0) p += conv(cin, out, 1, false) + bn(out); // projection shortcut
      layers.push([`layer${stage}.${b}`, p]);
      cin = out;
    }
  layers.push(['fc', dense(2048, 1000)]);
  return layers;
}

function googlenet() {
  // Szegedy et al. 2015, Table 1 (original Inception v1: biases, no BN, 5x5 branches), without the
  // two auxiliary classifiers.
  const layers = [
    ['conv1', conv(3, 64, 7)],
    ['conv2_reduce', conv(64, 64, 1)],
    ['conv2', conv(64, 192, 3)],
  ];
  const inception = (cin, c1, r3, c3, r5, c5, pp) =>
    conv(cin, c1, 1) +
    conv(cin, r3, 1) +
    conv(r3, c3, 3) +
    conv(cin, r5, 1) +
    conv(r5, c5, 5) +
    conv(cin, pp, 1);
  const modules = [
    ['inception_3a', 192, 64, 96, 128, 16, 32, 32],
    ['inception_3b', 256, 128, 128, 192, 32, 96, 64],
    ['inception_4a', 480, 192, 96, 208, 16, 48, 64],
    ['inception_4b', 512, 160, 112, 224, 24, 64, 64],
    ['inception_4c', 512, 128, 128, 256, 24, 64, 64],
    ['inception_4d', 512, 112, 144, 288, 32, 64, 64],
    ['inception_4e', 528, 256, 160, 320, 32, 128, 128],
    ['inception_5a', 832, 256, 160, 320, 32, 128, 128],
    ['inception_5b', 832, 384, 192, 384, 48, 128, 128],
  ];
  for (const [name, ...shape] of modules) layers.push([name, inception(...shape)]);
  layers.push(['fc', dense(1024, 1000)]);
  return layers;
}

function bertBase() {
  // bert-base-uncased: vocabulary 30522, 512 positions, 2 segment types, hidden 768, 12 layers, FFN 3072.
  const h = 768;
  const layers = [['embeddings', (30522 + 512 + 2) * h + layerNorm(h)]];
  const block = 4 * dense(h, h) + layerNorm(h) + dense(h, 3072) + dense(3072, h) + layerNorm(h);
  for (let i = 0; i < 12; i++) layers.push([`encoder.${i}`, block]);
  layers.push(['pooler', dense(h, h)]);
  return layers;
}

// ---- loss costs (README.md, "Loss costs")
const FRONT = { x: 0.1, tolerance: 5 }; // §3.3: front 20% of layers tolerate over 5% loss
const BACK = { x: 0.9, tolerance: 0.3 }; // back 20% only 0.3%
const SMALL_TOLERANCE = 20; // §3.3: smallest 20% of gradients tolerate over 20% loss
const LARGE_TOLERANCE = 0.4; // largest 20% only 0.4%
const THETA = 0.5; // importance cut at the median (§4.2.2)

const positionTolerance = (x) =>
  FRONT.tolerance * (BACK.tolerance / FRONT.tolerance) ** ((x - FRONT.x) / (BACK.x - FRONT.x));

function lossCosts(sizes, modelTolerance) {
  const total = sizes.reduce((a, b) => a + b, 0);
  const raw = sizes.map((s, j) => {
    const w = s / total;
    const tPos = positionTolerance((j + 0.5) / sizes.length);
    return {
      small: (w * THETA) / (tPos * SMALL_TOLERANCE),
      large: (w * (1 - THETA)) / (tPos * LARGE_TOLERANCE),
    };
  });
  const sum = raw.reduce((a, r) => a + r.small + r.large, 0);
  const k = 1 / modelTolerance / sum; // Σ_j (f^S_j + f^L_j) = 1% / p*
  return raw.map((r) => ({ small: k * r.small, large: k * r.large }));
}

const sig = (v) => Number(v.toPrecision(6));

function write(file, { name, description, tolerance, toleranceSource, grouping, layers }) {
  const sizes = layers.map(([, s]) => s);
  const total = sizes.reduce((a, b) => a + b, 0);
  const costs = lossCosts(sizes, tolerance);
  const front = positionTolerance(0.5 / layers.length);
  const back = positionTolerance((layers.length - 0.5) / layers.length);
  const lines = [
    `# ${name}: layer sizes and loss costs for \`mlt solve\` (generated by generate-profiles.mjs).`,
    '#',
    `# Layers: ${grouping}`,
    `# Total: ${total.toLocaleString('en-US')} trainable parameters in ${layers.length} entries, front to back.`,
    '#',
    '# Loss costs (f^S = lossCostSmall, f^L = lossCostLarge; formula in README.md of this folder):',
    '#   f^c_j = k · w_j · θ_c / (τ_pos(x_j) · τ_c),   w_j = size_j / total,   x_j = (j + 1/2) / M,',
    '#   τ_pos(x) = 5% · (0.3/5)^((x - 0.1)/0.8)       MLT §3.3: front fifth > 5%, back fifth 0.3%,',
    '#   τ_S = 20%, τ_L = 0.4%, θ_S = θ_L = 0.5        MLT §3.3 (magnitude) and §4.2.2 (median cut),',
    `#   k such that Σ_j (f^S_j + f^L_j) = 1/p*, p* = ${tolerance} (%)   ${toleranceSource}.`,
    `# So random loss of p* of every packet costs exactly 1 unit. Here τ_pos runs from ${front.toFixed(2)}%`,
    `# (first entry) to ${back.toFixed(2)}% (last entry); τ_pos·τ_c is only used up to the factor k.`,
    '',
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    `totalParameters: ${total}`,
    `lossTolerance: ${tolerance}`,
    `smallFraction: ${THETA}`,
    'layers:',
    ...layers.map(
      ([layer, size], j) =>
        `  - { name: ${layer}, size: ${size}, lossCostSmall: ${sig(costs[j].small)}, lossCostLarge: ${sig(costs[j].large)} }`,
    ),
    '',
  ];
  writeFileSync(join(here, file), lines.join('\n'));
}

write('vgg16.yaml', {
  name: 'vgg16',
  description: 'VGG16 (Simonyan & Zisserman 2015, configuration D) for 1000 ImageNet classes',
  tolerance: 0.8,
  toleranceSource: 'MLT Table 1: VGG16 0.8%',
  grouping: 'the 16 weight layers (13 convolutions, 3 fully connected), one entry each.',
  layers: vgg16(),
});
write('resnet50.yaml', {
  name: 'resnet50',
  description: 'ResNet-50 (He et al. 2016; torchvision v1.5) for 1000 ImageNet classes',
  tolerance: 2.4,
  toleranceSource: 'MLT Table 1: ResNet50 2.4%',
  grouping:
    'the stem (conv1 + bn1), each of the 16 bottleneck blocks as one entry (its three convolutions, their BatchNorms and, for the first block of a stage, the projection shortcut), and the classifier.',
  layers: resnet50(),
});
write('googlenet.yaml', {
  name: 'googlenet',
  description:
    'GoogLeNet / Inception v1 (Szegedy et al. 2015, Table 1) for 1000 ImageNet classes, without auxiliary classifiers',
  tolerance: 0.7,
  toleranceSource: 'MLT Table 1: GoogleNet 0.7%',
  grouping:
    'the stem convolutions (conv1, conv2_reduce, conv2), each of the 9 Inception modules as one entry (all six branch convolutions), and the classifier; the paper lists ≈6.8M, counting biases gives 7.0M.',
  layers: googlenet(),
});
write('bert-base.yaml', {
  name: 'bert-base',
  description: 'BERT-base encoder (Devlin et al. 2019; bert-base-uncased): 12 layers, hidden 768, 12 heads',
  tolerance: 0.8,
  toleranceSource: 'BERT is not in MLT Table 1; assumed 0.8% like the NLP model LSTM there',
  grouping:
    'the embeddings (token, position and segment tables and their LayerNorm), each of the 12 encoder layers as one entry (attention, feed-forward and both LayerNorms), and the pooler.',
  layers: bertBase(),
});
