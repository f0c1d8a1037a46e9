#!/bin/sh
# Regenerates p4runtime-ts/generated/ from the .proto files under p4runtime-ts/proto/.
# The loader options here must match PROTO_LOADER_OPTIONS in src/proto.ts: both sides of the wire
# (the client and any server built on this library) read messages in exactly this shape.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin="$here/../node_modules/.bin/proto-loader-gen-types"
[ -x "$bin" ] || bin=proto-loader-gen-types
rm -rf "$here/generated"
"$bin" \
  --keepCase --longs=String --enums=String --bytes=Buffer --defaults --oneofs \
  --grpcLib=@grpc/grpc-js --importFileExtension=.js \
  -I "$here/proto" -O "$here/generated" \
  p4/v1/p4runtime.proto
# Name the source protos relative to proto/, so the output does not depend on where the repo lives.
find "$here/generated" -name '*.ts' -exec sed -i "s|// Original file: $here/proto/|// Original file: |" {} +
