"""Generated protobuf and gRPC code (scripts/gen_proto.sh); do not edit."""
