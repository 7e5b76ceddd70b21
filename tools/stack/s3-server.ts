// The local S3-compatible server (development and tests only; production runs MinIO).
import S3rver from 's3rver';

const [port, directory, bucket] = [Number(process.argv[2]), process.argv[3], process.argv[4]];

const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then(() => console.log(`s3rver listening on 127.0.0.1:${port}, bucket ${bucket}`));
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
