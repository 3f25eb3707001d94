// The localnet as a mesh app (docker-compose, k8s local overlay): the same process as its CLI.
import './cli';
