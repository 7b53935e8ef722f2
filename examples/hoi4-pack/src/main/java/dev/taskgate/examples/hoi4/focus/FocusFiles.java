package dev.taskgate.examples.hoi4.focus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.taskgate.examples.hoi4.scan.ParsedFile;
import dev.taskgate.examples.hoi4.scan.Problem;
import dev.taskgate.examples.hoi4.script.ScriptBlock;
import dev.taskgate.examples.hoi4.script.ScriptEntry;
import dev.taskgate.examples.hoi4.script.ScriptScalar;

/**
 * The focus trees and shared focuses of a mod's {@code common/national_focus} files, with the problems found while
 * reading them (missing and duplicate ids).
 *
 * @param trees in workspace order, first definition of each tree id
 * @param sharedFocuses by id in workspace order, first definition of each
 */
public record FocusFiles(List<FocusTree> trees, Map<String, Focus> sharedFocuses, List<Problem> problems) {

    public FocusFiles {
        trees = List.copyOf(trees);
        sharedFocuses = Collections.unmodifiableMap(new LinkedHashMap<>(sharedFocuses));
        problems = List.copyOf(problems);
    }

    /** Reads the trees and shared focuses of the parsed files. */
    public static FocusFiles read(List<ParsedFile> files) {
        return new Reading().read(files);
    }

    public Optional<FocusTree> tree(String id) {
        return trees.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** How many focuses were found: every tree's own plus every shared focus. */
    public int focusCount() {
        return trees.stream().mapToInt(t -> t.focuses().size()).sum() + sharedFocuses.size();
    }

    private static final class Reading {
        private final List<FocusTree> trees = new ArrayList<>();
        private final Map<String, Focus> shared = new LinkedHashMap<>();
        private final List<Problem> problems = new ArrayList<>();
        private final Map<String, Focus> firstFocus = new HashMap<>();
        private final Map<String, FocusTree> firstTree = new HashMap<>();

        FocusFiles read(List<ParsedFile> files) {
            for (ParsedFile file : files) {
                for (ScriptEntry entry : file.root().entries()) {
                    if (entry.key().equals("focus_tree") && entry.block().isPresent()) {
                        tree(file.path(), entry).ifPresent(trees::add);
                    } else if (entry.key().equals("shared_focus")
                            && entry.block().isPresent()) {
                        focus(file.path(), entry, true).ifPresent(f -> shared.put(f.id(), f));
                    }
                }
            }
            return new FocusFiles(trees, shared, problems);
        }

        private Optional<FocusTree> tree(String path, ScriptEntry entry) {
            ScriptBlock block = entry.block().orElseThrow();
            Optional<String> id = block.scalar("id").map(ScriptScalar::text);
            if (id.isEmpty()) {
                problems.add(problem(FocusProblemKind.MISSING_ID, "", "a focus_tree without an id", path, entry));
                return Optional.empty();
            }
            FocusTree earlier = firstTree.get(id.get());
            if (earlier != null) {
                // its focuses are not read: they would only repeat as duplicates of the first tree's
                problems.add(problem(
                        FocusProblemKind.DUPLICATE_TREE,
                        id.get(),
                        "focus tree " + id.get() + " is already defined at " + earlier.path() + ":" + earlier.line(),
                        path,
                        entry));
                return Optional.empty();
            }
            List<Focus> focuses = new ArrayList<>();
            Set<String> sharedRefs = new LinkedHashSet<>();
            for (ScriptEntry item : block.entries()) {
                if (item.key().equals("focus") && item.block().isPresent()) {
                    focus(path, item, false).ifPresent(focuses::add);
                } else if (item.key().equals("shared_focus")) {
                    item.scalar().map(ScriptScalar::text).ifPresent(sharedRefs::add);
                }
            }
            FocusTree tree = new FocusTree(id.get(), focuses, List.copyOf(sharedRefs), path, entry.line());
            firstTree.put(tree.id(), tree);
            return Optional.of(tree);
        }

        /** The focus, unless it has no id or its id was seen before (both reported). */
        private Optional<Focus> focus(String path, ScriptEntry entry, boolean isShared) {
            ScriptBlock block = entry.block().orElseThrow();
            Optional<String> id = block.scalar("id").map(ScriptScalar::text);
            if (id.isEmpty()) {
                problems.add(problem(
                        FocusProblemKind.MISSING_ID, "", "a " + entry.key() + " block without an id", path, entry));
                return Optional.empty();
            }
            Focus focus = new Focus(
                    id.get(),
                    block.scalar("cost"),
                    integer(block, "x"),
                    integer(block, "y"),
                    block.scalar("relative_position_id").map(ScriptScalar::text),
                    block.blocks("prerequisite").stream()
                            .map(p -> p.scalars("focus"))
                            .filter(group -> !group.isEmpty())
                            .toList(),
                    block.blocks("mutually_exclusive").stream()
                            .flatMap(m -> m.scalars("focus").stream())
                            .toList(),
                    isShared,
                    path,
                    entry.line());
            Focus earlier = firstFocus.putIfAbsent(focus.id(), focus);
            if (earlier != null) {
                problems.add(problem(
                        FocusProblemKind.DUPLICATE_ID,
                        focus.id(),
                        "focus " + focus.id() + " is already defined at " + earlier.path() + ":" + earlier.line(),
                        path,
                        entry));
                return Optional.empty();
            }
            return Optional.of(focus);
        }

        private static int integer(ScriptBlock block, String key) {
            return block.scalar(key)
                    .flatMap(ScriptScalar::number)
                    .map(value -> (int) Math.round(value))
                    .orElse(0);
        }

        private static Problem problem(
                FocusProblemKind kind, String subject, String message, String path, ScriptEntry at) {
            return new Problem(kind.code(), subject, message, path, at.line());
        }
    }
}
