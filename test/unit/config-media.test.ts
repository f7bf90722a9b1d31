import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/config';
import { createMediaStorageFromConfig } from '../../server/media-storage';

const base = { NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-that-is-long-enough-123', DATA_DIR: '/srv/red-harbor' };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('media storage and upload settings', () => {
  it('stores media in the local folder by default, with upload limits set', () => {
    const config = loadConfig(base);
    expect(config.MEDIA_S3_BUCKET).to.equal(undefined);
    expect(config.MEDIA_S3_REGION).to.equal('us-east-1');
    expect(config.MEDIA_S3_FORCE_PATH_STYLE).to.equal(false);
    expect([config.MAX_UPLOAD_BYTES, config.MAX_IMAGE_UPLOAD_BYTES, config.MAX_UPLOAD_FILES]).to.deep.equal([100_000_000, 10_000_000, 20]);
    expect(createMediaStorageFromConfig(config).location).to.equal('/srv/red-harbor/media');
  });

  it('uses an S3 bucket when MEDIA_S3_BUCKET is set', () => {
    const config = loadConfig({
      ...base,
      MEDIA_S3_BUCKET: 'red-harbor-media',
      MEDIA_S3_ENDPOINT: 'https://minio.internal:9000',
      MEDIA_S3_FORCE_PATH_STYLE: 'yes',
      MEDIA_S3_PREFIX: 'prod/media/',
      MEDIA_S3_REGION: 'auto',
    });
    expect(config).to.include({ MEDIA_S3_ENDPOINT: 'https://minio.internal:9000', MEDIA_S3_FORCE_PATH_STYLE: true, MEDIA_S3_REGION: 'auto' });
    expect(createMediaStorageFromConfig(config).location).to.equal('s3://red-harbor-media/prod/media/');
  });

  it('refuses S3 settings that cannot work, naming the variable', () => {
    expect(refusal({ MEDIA_S3_BUCKET: 'Red_Harbor' })).to.match(/^Invalid environment variable MEDIA_S3_BUCKET \("Red_Harbor"\): expected a bucket name/);
    expect(refusal({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ENDPOINT: 'minio:9000' })).to.match(/MEDIA_S3_ENDPOINT/);
    expect(refusal({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_PREFIX: '../up' })).to.match(/MEDIA_S3_PREFIX .*expected folder names joined by \//);
    expect(refusal({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'AKIA123' })).to.match(/MEDIA_S3_SECRET_ACCESS_KEY: .*set both or neither/);
    expect(refusal({ MEDIA_S3_ENDPOINT: 'https://minio.internal:9000' })).to.match(/MEDIA_S3_BUCKET: required when MEDIA_S3_ENDPOINT is set/);
    expect(refusal({ MEDIA_S3_FORCE_PATH_STYLE: 'maybe', MEDIA_S3_BUCKET: 'media' })).to.match(/MEDIA_S3_FORCE_PATH_STYLE/);
  });
});
