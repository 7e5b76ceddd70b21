import assert from 'node:assert/strict';
import { blockPlan, coveredBlocks } from './download-blocks';

const MB = 1024 * 1024;
const ones = (bits: string) => [...bits].filter((b) => b === '1').length;

test('a 60-minute, 57.6 MB episode needs one minute of bytes (about 0.96 MB), in whole 64 KB blocks', () => {
  const plan = blockPlan(57.6 * MB, 3600);
  assert.equal(plan.blockSize, 64 * 1024);
  assert.equal(plan.needed, Math.ceil((57.6 * MB) / 60 / (64 * 1024)));
});

test('a file shorter than a minute needs all of it; so does one without a duration', () => {
  assert.equal(blockPlan(300_000, 30).needed, blockPlan(300_000, 30).blocks);
  assert.equal(blockPlan(300_000, 0).needed, blockPlan(300_000, 0).blocks);
});

test('a 2-byte probe covers no block', () => {
  const plan = blockPlan(57.6 * MB, 3600);
  assert.equal(ones(coveredBlocks(plan, 57.6 * MB, 0, 2)), 0);
});

test('a seek covers only the blocks it was sent whole, not the ones it started or stopped in', () => {
  const plan = blockPlan(10 * MB, 600);
  const bits = coveredBlocks(plan, 10 * MB, 100_000, 300_000);
  // 100000..400000 holds whole blocks 2..5 (131072..393216)
  assert.equal(bits.indexOf('1'), 2);
  assert.equal(ones(bits), 4);
});

test('the whole of a small file covers its only block; the tail of a file counts its short last block', () => {
  const small = blockPlan(12_000, 3);
  assert.equal(coveredBlocks(small, 12_000, 0, 12_000), '1');
  assert.equal(coveredBlocks(small, 12_000, 0, 11_999), '0');
  const plan = blockPlan(200_000, 60);
  assert.equal(coveredBlocks(plan, 200_000, 196_608, 3_392), '0001');
});

test('blocks stay at most 4096 whatever the size: a 500 MB file is tracked in 4096 blocks of 128,000 bytes', () => {
  const plan = blockPlan(500 * MB, 3600);
  assert.equal(plan.blocks, 4096);
  assert.equal(plan.blockSize, 128_000);
});
