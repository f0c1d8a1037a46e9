# Entry points. Each target installs what it needs, so a fresh clone needs only `make test` or `make demo`.
NODE_BIN := node_modules/.bin
STAMP := node_modules/.install-stamp
# TypeScript run from source: the `development` export condition makes `import 'p4runtime-ts'` load the
# package's .ts source instead of its compiled dist/ (see p4runtime-ts/README.md).
TSX := node --import tsx --conditions=development

.PHONY: all install build typecheck lint format test smoke unit fuzz demo bench clean

all: build

# npm ci only when the lockfile changed since the last install.
$(STAMP): package-lock.json
	npm ci --no-audit --no-fund
	@touch $(STAMP)

install: $(STAMP)

# p4runtime-ts first: the rest is compiled against its published form (p4runtime-ts/dist, as an installed
# package), not its source. The compiled CLI needs the target's own core.p4/v1model.p4 next to the
# compiled front-end.
build: $(STAMP)
	$(NODE_BIN)/tsc -p p4runtime-ts/tsconfig.json
	$(NODE_BIN)/tsc -p tsconfig.build.json
	mkdir -p dist/target && rm -rf dist/target/include && cp -r target/include dist/target/include

typecheck: $(STAMP)
	$(NODE_BIN)/tsc -p tsconfig.json --noEmit

# The dependency rules between the parts (.dependency-cruiser.cjs) are lint errors too.
DEP_FOLDERS := bin bmv2-tests cli config-file controller lint p4runtime-ts scripts target topology

lint: $(STAMP)
	$(NODE_BIN)/eslint .
	$(NODE_BIN)/prettier --check .
	$(NODE_BIN)/depcruise --config .dependency-cruiser.cjs $(DEP_FOLDERS)

format: $(STAMP)
	$(NODE_BIN)/prettier --write .

# The whole suite: types, lint, then every mocha test (unit, STF on the embedded target, P4Runtime over loopback).
test: typecheck lint smoke unit

# The built `mlt` command, as an installed user runs it, on the real program.
smoke: build
	node bin/mlt.js compile p4/mlt.p4 --p4info /dev/null
	node bin/mlt.js stf p4/mlt.p4 bmv2-tests/thresholds.stf

unit: $(STAMP)
	$(NODE_BIN)/mocha

# The fuzz tests (hostile P4 source, P4Runtime requests over gRPC, STF files, YAML configs) draw new inputs on
# every run, so running them again searches further. A failure prints fast-check's seed and shrunk input.
FUZZ_TESTS := target/test/frontend/fuzz.test.ts target/test/p4runtime/fuzz.test.ts \
	target/test/stf/fuzz.test.ts cli/test/fuzz-config.test.ts
FUZZ_ROUNDS ?= 50

fuzz: $(STAMP)
	@for i in $$(seq $(FUZZ_ROUNDS)); do \
		echo "== fuzz round $$i of $(FUZZ_ROUNDS)"; \
		$(NODE_BIN)/mocha --no-config -n import=tsx -n conditions=development --timeout 120000 \
			--reporter dot $(FUZZ_TESTS) || exit 1; \
	done

demo: $(STAMP)
	$(TSX) scripts/demo.ts

# Each scripts/bench-*.ts prints its own figures.
bench: build
	@for f in scripts/bench-*.ts; do echo "== $$f"; $(TSX) $$f || exit 1; done

clean:
	rm -rf dist coverage p4runtime-ts/dist
