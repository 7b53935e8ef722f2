package dev.taskgate.worker.child.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files of a {@link Workspace}, addressed by workspace paths {@code "<root-name>/<relative/path>"} ({@code /}
 * separators). Hidden directories ({@code .git}, the transaction journal's {@code .taskgate-journal}, …) are not
 * part of the workspace, and no path ever reaches outside a root: not with {@code ..}, not as an absolute path, not
 * through a symbolic link.
 */
public final class WorkspaceFiles {
    /** At most this many files are listed; a listing that reaches it says so ({@link Listing#truncated()}). */
    public static final int MAX_LISTED_FILES = 100_000;

    private final Workspace workspace;

    private WorkspaceFiles(Workspace workspace) {
        this.workspace = Objects.requireNonNull(workspace, "workspace");
    }

    /** The files of {@code workspace}. */
    public static WorkspaceFiles of(Workspace workspace) {
        return new WorkspaceFiles(workspace);
    }

    /** The workspace these files belong to. */
    public Workspace workspace() {
        return workspace;
    }

    /**
     * What a walk over the workspace found.
     *
     * @param files            every listed regular file as a workspace path, sorted
     * @param skippedTooLarge  regular files over {@link Workspace#maxFileBytes()}
     * @param skippedLinks     symbolic links that leave their root, dangle or name a directory
     * @param truncated        whether the walk stopped at {@link #MAX_LISTED_FILES}
     */
    public record Listing(List<String> files, int skippedTooLarge, int skippedLinks, boolean truncated) {
        public Listing {
            files = List.copyOf(files);
        }

        /** Every file that was seen but not listed. */
        public int skipped() {
            return skippedTooLarge + skippedLinks;
        }
    }

    /** Every regular file of the workspace, see {@link #scan()}. */
    public List<String> list() {
        return scan().files();
    }

    /** Walks every root (no symbolic link to a directory is followed) and counts what it leaves out. */
    public Listing scan() {
        List<String> files = new ArrayList<>();
        int[] skipped = new int[2];
        boolean[] truncated = new boolean[1];
        for (WorkspaceRoot root : workspace.roots()) {
            Path realRoot = realRoot(root);
            try {
                // walk the real directory: a root registered through a symbolic link is still walked as a directory
                Files.walkFileTree(realRoot, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        return !dir.equals(realRoot) && isHidden(dir)
                                ? FileVisitResult.SKIP_SUBTREE
                                : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        if (files.size() >= MAX_LISTED_FILES) {
                            truncated[0] = true;
                            return FileVisitResult.TERMINATE;
                        }
                        long size;
                        if (attrs.isSymbolicLink()) {
                            Path target;
                            try {
                                target = file.toRealPath();
                            } catch (IOException dangling) {
                                skipped[1]++;
                                return FileVisitResult.CONTINUE;
                            }
                            if (!target.startsWith(realRoot) || !Files.isRegularFile(target)) {
                                skipped[1]++;
                                return FileVisitResult.CONTINUE;
                            }
                            size = Files.size(target);
                        } else if (attrs.isRegularFile()) {
                            size = attrs.size();
                        } else {
                            return FileVisitResult.CONTINUE;
                        }
                        if (size > workspace.maxFileBytes()) {
                            skipped[0]++;
                            return FileVisitResult.CONTINUE;
                        }
                        files.add(root.name() + "/" + relative(realRoot, file));
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        skipped[1]++;
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list workspace root " + root.name(), e);
            }
            if (truncated[0]) {
                break;
            }
        }
        files.sort(null);
        return new Listing(files, skipped[0], skipped[1], truncated[0]);
    }

    /**
     * The content of a workspace file, or empty if there is no regular file at that path.
     *
     * @throws IllegalArgumentException for a path that is not a workspace path (see {@link #resolve}) or a file over
     *                                  the size limit
     */
    public Optional<byte[]> read(String workspacePath) {
        Path file = resolve(workspacePath);
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            if (Files.size(file) > workspace.maxFileBytes()) {
                throw new IllegalArgumentException(workspacePath + " is larger than the workspace's limit of "
                        + workspace.maxFileBytes() + " bytes");
            }
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + workspacePath, e);
        }
    }

    /**
     * The file a workspace path names (it need not exist).
     *
     * @throws IllegalArgumentException for an empty or absolute path, a {@code .}, {@code ..} or empty segment, a
     *                                  hidden directory, an unknown root, or a path that leaves its root through a
     *                                  symbolic link
     */
    public Path resolve(String workspacePath) {
        return locate(workspacePath).file();
    }

    /**
     * A workspace path split into its root and the path relative to it, checked like {@link #resolve}.
     *
     * @param root     the root the path starts with
     * @param relative the rest, {@code /}-separated, never empty
     * @param file     the absolute file
     */
    public record Located(WorkspaceRoot root, String relative, Path file) {}

    /** Splits and checks a workspace path, see {@link #resolve}. */
    public Located locate(String workspacePath) {
        if (workspacePath == null || workspacePath.isEmpty()) {
            throw new IllegalArgumentException("a workspace path must not be empty");
        }
        if (workspacePath.startsWith("/")
                || workspacePath.contains("\\")
                || workspacePath.contains("\0")
                || workspacePath.matches("^[A-Za-z]:.*")) {
            throw new IllegalArgumentException("not a workspace path (absolute or with '\\'): '" + workspacePath
                    + "'; use <root-name>/<relative/path>");
        }
        String[] segments = workspacePath.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException(
                        "a workspace path may not contain '..', '.' or empty segments: '" + workspacePath + "'");
            }
            if (i > 0 && i < segments.length - 1 && segment.startsWith(".")) {
                throw new IllegalArgumentException(
                        "hidden directories are not part of the workspace: '" + workspacePath + "'");
            }
        }
        if (segments.length < 2) {
            throw new IllegalArgumentException("a workspace path names a root and a file in it: '" + workspacePath
                    + "'; use <root-name>/<relative/path>");
        }
        WorkspaceRoot root = workspace
                .root(segments[0])
                .orElseThrow(() -> new IllegalArgumentException(
                        "workspace " + workspace.id() + " has no root named '" + segments[0] + "' (roots: "
                                + String.join(
                                        ", ",
                                        workspace.roots().stream()
                                                .map(WorkspaceRoot::name)
                                                .toList()) + ")"));
        String relative = workspacePath.substring(segments[0].length() + 1);
        Path file = root.directory().resolve(relative).normalize();
        if (!file.startsWith(root.directory()) || file.equals(root.directory())) {
            throw new IllegalArgumentException("path outside its root: '" + workspacePath + "'");
        }
        LinkContainment.checkInside(realRoot(root), file, workspacePath);
        return new Located(root, relative, file);
    }

    /**
     * The source revision of what an operation read: {@code sha256:} over the sorted (path, SHA-256 of content)
     * pairs ({@code path NUL sha256:<hex> LF} each, in path order). The same contents give the same revision; any
     * changed, added or removed file gives another.
     */
    public static String revision(SortedMap<String, byte[]> contentsRead) {
        SortedMap<String, String> hashes = new TreeMap<>();
        contentsRead.forEach((path, content) -> hashes.put(path, contentHash(content)));
        return revisionOfHashes(hashes);
    }

    /**
     * {@link #revision} from the content hashes ({@link #contentHash}) instead of the contents, for operations that
     * read more than they can keep in memory; equal to {@code revision} of the same contents.
     */
    public static String revisionOfHashes(SortedMap<String, String> contentHashes) {
        MessageDigest digest = sha256();
        for (Map.Entry<String, String> entry : contentHashes.entrySet()) {
            digest.update(entry.getKey().getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(entry.getValue().getBytes(StandardCharsets.US_ASCII));
            digest.update((byte) '\n');
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }

    /** {@code sha256:<hex>} of one file's content. */
    public static String contentHash(byte[] content) {
        return "sha256:" + HexFormat.of().formatHex(sha256().digest(content));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    private static Path realRoot(WorkspaceRoot root) {
        return LinkContainment.realDirectory(root.directory(), "workspace root " + root.name());
    }

    private static boolean isHidden(Path dir) {
        Path name = dir.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }
}
