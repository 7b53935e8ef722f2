package dev.taskgate.worker.child.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.worker.child.workspace.LinkContainment;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * Applies committed rewrite plans to files under one root (or the roots of a workspace, see
 * {@link #of(WorkspaceFiles)}), and reconstructs the outcome of a plan from the files afterwards. Usable by any
 * operation that rewrites files.
 *
 * <p>Pre-images are kept under {@value #JOURNAL_DIR}{@code /<plan hash>/} inside the root (of a workspace: inside the
 * root the file belongs to, by its path relative to that root) before any file is touched; each file is then replaced
 * atomically (a temporary file in the same directory, renamed over it). A failure
 * while applying restores every file already replaced. Paths never leave the root, and the journal directory is not
 * a valid target.
 */
public final class JournaledFiles {
    /** The directory under the root that holds pre-images. */
    public static final String JOURNAL_DIR = ".taskgate-journal";

    private final Locator locator;

    /** @param root the directory every path is relative to */
    public JournaledFiles(Path root) {
        this(new SingleRoot(
                Objects.requireNonNull(root, "root").toAbsolutePath().normalize()));
    }

    private JournaledFiles(Locator locator) {
        this.locator = locator;
    }

    /**
     * Journaled files addressed by workspace paths ({@code <root-name>/<relative/path>}), resolved and checked by
     * {@code files}; the pre-images of a plan go to {@code <root>/.taskgate-journal/<plan hash>/<relative/path>}.
     */
    public static JournaledFiles of(WorkspaceFiles files) {
        return new JournaledFiles(new WorkspaceLocator(files));
    }

    /** Where a path's file and its kept pre-image live. */
    private interface Locator {
        /** The file; rejects anything outside the files this instance may touch. */
        Path file(String path);

        /** The directory of a plan's pre-images that holds the pre-image of {@code path}. */
        Path backupDir(String planHash, String path);

        /** {@code path} relative to {@link #backupDir}. */
        String backupName(String path);
    }

    private record SingleRoot(Path root) implements Locator {
        @Override
        public Path file(String path) {
            Path file = root.resolve(path).normalize();
            if (!file.startsWith(root) || file.equals(root) || file.startsWith(root.resolve(JOURNAL_DIR))) {
                throw new IllegalArgumentException("path outside the operation's root: " + path);
            }
            Path realRoot = LinkContainment.realDirectory(root, "the operation's root");
            if (LinkContainment.checkInside(realRoot, file, path).startsWith(realRoot.resolve(JOURNAL_DIR))) {
                throw new IllegalArgumentException("path outside the operation's root: " + path);
            }
            return file;
        }

        @Override
        public Path backupDir(String planHash, String path) {
            return root.resolve(JOURNAL_DIR).resolve(planHash.replace("sha256:", ""));
        }

        @Override
        public String backupName(String path) {
            return path;
        }
    }

    private record WorkspaceLocator(WorkspaceFiles files) implements Locator {
        @Override
        public Path file(String path) {
            return files.resolve(path);
        }

        @Override
        public Path backupDir(String planHash, String path) {
            return files.locate(path).root().directory().resolve(JOURNAL_DIR).resolve(planHash.replace("sha256:", ""));
        }

        @Override
        public String backupName(String path) {
            return files.locate(path).relative();
        }
    }

    /** The outcome of a plan as the files show it. */
    public enum Outcome {
        /** Every file holds its post-image: the plan was applied. */
        COMMITTED,
        /** Every file holds its pre-image: nothing was applied. */
        NOT_APPLIED,
        /** Some files held their post-image (or something else); every file was restored to its pre-image. */
        RESTORED
    }

    /** The file {@code path} names under the root; rejects anything outside it or inside the journal directory. */
    public Path resolve(String path) {
        return locator.file(path);
    }

    /** The current content of {@code path}, or empty if the file does not exist. */
    public Optional<byte[]> read(String path) {
        Path file = resolve(path);
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /**
     * Applies a committed plan: keeps every pre-image, then replaces each file atomically. A file that no longer
     * holds the content the plan was computed on stops the apply.
     *
     * @throws IOException on any failure; every file already replaced has been restored to its pre-image
     */
    public void apply(RewritePlan plan) throws IOException {
        for (FileChange change : plan.changes()) {
            Path backup;
            try {
                backup = backupOf(plan.planHash(), change.path());
            } catch (IllegalArgumentException e) {
                throw new IOException("no place to keep the pre-image of " + change.path() + ": " + e.getMessage(), e);
            }
            Files.createDirectories(backup.getParent());
            writeAtomically(backup, change.before());
        }
        List<FileChange> applied = new ArrayList<>();
        try {
            for (FileChange change : plan.changes()) {
                byte[] current = Files.readAllBytes(resolve(change.path()));
                if (!ContentHash.of(current).equals(change.preImageHash())) {
                    throw new IOException(change.path() + " changed after the plan was made");
                }
                writeAtomically(resolve(change.path()), change.after());
                applied.add(change);
            }
        } catch (IOException | RuntimeException e) {
            for (FileChange change : applied) {
                try {
                    writeAtomically(resolve(change.path()), change.before());
                } catch (IOException restoreFailure) {
                    e.addSuppressed(restoreFailure);
                }
            }
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    /**
     * Tells from the files what became of a plan bound to the journal and, unless it was fully applied or not at
     * all, restores every file to its pre-image from the kept copies.
     *
     * @param journal {@code {planHash, files: [{path, preImageHash, postImageHash}]}}
     * @throws IOException when a file must be restored but its kept pre-image is missing or does not match
     */
    public Outcome reconcile(JsonNode journal) throws IOException {
        String planHash = journal.path("planHash").asText();
        Map<String, String> pre = new LinkedHashMap<>();
        int post = 0;
        int unchanged = 0;
        for (JsonNode file : journal.path("files")) {
            String path = file.path("path").asText();
            String current = read(path).map(ContentHash::of).orElse("absent");
            pre.put(path, file.path("preImageHash").asText());
            if (current.equals(file.path("postImageHash").asText())) {
                post++;
            } else if (current.equals(file.path("preImageHash").asText())) {
                unchanged++;
            }
        }
        if (post == pre.size()) {
            return Outcome.COMMITTED;
        }
        if (unchanged == pre.size()) {
            return Outcome.NOT_APPLIED;
        }
        for (Map.Entry<String, String> file : pre.entrySet()) {
            String current = read(file.getKey()).map(ContentHash::of).orElse("absent");
            if (current.equals(file.getValue())) {
                continue;
            }
            Path backup;
            try {
                backup = backupOf(planHash, file.getKey());
            } catch (IllegalArgumentException e) {
                throw new IOException("no kept pre-image of " + file.getKey() + ": " + e.getMessage());
            }
            if (!Files.isRegularFile(backup)) {
                throw new IOException("no kept pre-image of " + file.getKey());
            }
            byte[] before = Files.readAllBytes(backup);
            if (!ContentHash.of(before).equals(file.getValue())) {
                throw new IOException("the kept pre-image of " + file.getKey() + " does not match the journal");
            }
            writeAtomically(resolve(file.getKey()), before);
        }
        return Outcome.RESTORED;
    }

    /** The kept pre-image of {@code path} under {@code planHash}; never outside that plan's backup directory. */
    private Path backupOf(String planHash, String path) {
        Path backups = locator.backupDir(planHash, path);
        Path backup = backups.resolve(locator.backupName(path)).normalize();
        if (!backup.startsWith(backups) || backup.equals(backups)) {
            throw new IllegalArgumentException("path outside the journal: " + path);
        }
        // <root>/.taskgate-journal/<plan>: a link planted for the journal directory must not carry pre-images away
        Path root = backups.getParent().getParent();
        LinkContainment.checkInside(LinkContainment.realDirectory(root, "the operation's root"), backup, path);
        return backup;
    }

    private static void writeAtomically(Path target, byte[] content) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.write(temp, content);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
