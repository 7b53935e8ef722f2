package dev.taskgate.k8scheck;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The kubectl binaries that render the overlays. The reference is Debian's (package kubernetes-client: kubectl 1.20,
 * kustomize v2.0.3), the only one a fresh machine can install from the registries this project uses: taken from
 * {@code TASKGATE_KUBECTL} when set, else unpacked once into {@code .taskgate/cache/kubernetes-client/} by
 * {@code install-kubectl.sh}. A different kubectl on the {@code PATH}, if any, renders too, so that both kustomize
 * generations are held to the same output.
 */
final class Kubectl {
    private static Path reference;

    private Kubectl() {}

    /** Debian's kubectl (or {@code TASKGATE_KUBECTL}), installed into the cache on first use. */
    static synchronized Path reference() {
        if (reference == null) {
            String configured = System.getenv("TASKGATE_KUBECTL");
            reference = configured != null && !configured.isBlank() ? Path.of(configured) : install();
        }
        return reference;
    }

    /** A kubectl on the PATH that is not the reference, e.g. a newer one with kustomize v5. */
    static Optional<Path> onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate) && !sameFile(candidate, reference())) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** {@code kubectl kustomize DIR}: the rendered YAML; fails with kubectl's message. */
    static String kustomize(Path kubectl, Path dir) {
        Result result = run(List.of(kubectl.toString(), "kustomize", dir.toString()));
        if (result.status != 0) {
            throw new IllegalStateException(kubectl + " kustomize " + dir + " failed: " + result.stderr);
        }
        return result.stdout;
    }

    private static Path install() {
        Path script = Repository.ROOT.resolve("tools/k8s-check/install-kubectl.sh");
        Path dir = Repository.ROOT.resolve(".taskgate/cache/kubernetes-client");
        Result result = run(List.of("bash", script.toString(), dir.toString()));
        if (result.status != 0) {
            throw new IllegalStateException("install-kubectl.sh failed: " + result.stderr);
        }
        return Path.of(result.stdout.strip());
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    private record Result(int status, String stdout, String stderr) {}

    private static Result run(List<String> command) {
        try {
            Path out = Files.createTempFile("k8s-check", ".out");
            Path err = Files.createTempFile("k8s-check", ".err");
            try {
                Process process = new ProcessBuilder(new ArrayList<>(command))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!process.waitFor(5, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("timed out: " + command);
                }
                return new Result(
                        process.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + command, e);
        }
    }
}
