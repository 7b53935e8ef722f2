package dev.taskgate.worker.child.ops.workspace;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.CallToolResults;
import dev.taskgate.worker.child.Operation;
import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.OperationStoppedException;
import dev.taskgate.worker.child.StagedSources;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/**
 * {@code workspace.search}: finds a literal or regex in the text files of the run's workspace (optionally only those an
 * {@code include} glob selects), line by line, up to {@code max_results} matches. The result names the source revision
 * (a content hash of every file read, binary ones included) and its coverage (text files searched, files skipped); it is staged before it is returned. Binary files, files over
 * the size limit and links leaving their root are skipped and counted. Stops at a safe point between files.
 */
public final class WorkspaceSearchOperation implements Operation {
    /** The catalog name. */
    public static final String NAME = "workspace.search";

    static final int DEFAULT_MAX_RESULTS = 100;
    static final int MAX_RESULTS = 1000;
    /** A matching line is reported up to this many characters from the match. */
    static final int MAX_LINE_CHARS = 400;

    private static final int PROGRESS_EVERY_FILES = 200;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public String run(JsonNode input, OperationContext context) throws OperationStoppedException, InterruptedException {
        WorkspaceFiles files = WorkspaceText.filesOf(context, NAME);
        Pattern pattern;
        Predicate<String> included;
        try {
            pattern = TextPattern.compile(
                    input.path("query").asText(""),
                    input.path("mode").asText("literal"),
                    input.path("case_sensitive").asBoolean(true));
            included = IncludeFilter.of(input.path("include").asText(""));
        } catch (IllegalArgumentException e) {
            return CallToolResults.text(e.getMessage() + "; nothing was searched", true);
        }
        int maxResults =
                Math.max(1, Math.min(MAX_RESULTS, input.path("max_results").asInt(DEFAULT_MAX_RESULTS)));

        WorkspaceFiles.Listing listing = files.scan();
        List<String> candidates = listing.files().stream().filter(included).toList();
        SortedMap<String, String> read = new TreeMap<>();
        ArrayNode matches = MAPPER.createArrayNode();
        int skipped = listing.skipped();
        boolean truncated = listing.truncated();
        int matchedFiles = 0;
        int searched = 0;
        context.progress(0, (double) candidates.size(), "searching " + candidates.size() + " files");
        for (int i = 0; i < candidates.size() && !truncated; i++) {
            if (context.isStopRequested()) {
                throw new OperationStoppedException(
                        "stopped after searching " + i + " of " + candidates.size() + " files");
            }
            String path = candidates.get(i);
            Optional<byte[]> content = readQuietly(files, path);
            if (content.isEmpty()) {
                skipped++;
                continue;
            }
            read.put(path, WorkspaceFiles.contentHash(content.get()));
            Optional<String> text = WorkspaceText.text(content.get());
            if (text.isEmpty()) {
                skipped++;
                continue;
            }
            searched++;
            int before = matches.size();
            truncated = collect(path, text.get(), pattern, matches, maxResults);
            matchedFiles += matches.size() > before ? 1 : 0;
            if ((i + 1) % PROGRESS_EVERY_FILES == 0) {
                context.progress(i + 1, (double) candidates.size(), "searched " + (i + 1) + " files");
            }
        }
        String revision = WorkspaceFiles.revisionOfHashes(read);
        ObjectNode structured = MAPPER.createObjectNode().put("revision", revision);
        structured.set("matches", matches);
        structured
                .putObject("coverage")
                .put("files_scanned", searched)
                .put("files_skipped", skipped)
                .put("truncated", truncated);
        String result = CallToolResults.structured(
                summary(matches, matchedFiles, searched, skipped, truncated, revision), structured, false);
        context.stageResult(result, StagedSources.of(listing.files(), read));
        return result;
    }

    /** Adds the matches of one file; {@code true} when {@code maxResults} is reached (the search is truncated). */
    private static boolean collect(String path, String text, Pattern pattern, ArrayNode matches, int maxResults) {
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            Matcher m = pattern.matcher(lines[n]);
            int from = 0;
            while (from <= lines[n].length() && m.find(from)) {
                if (matches.size() >= maxResults) {
                    return true;
                }
                matches.addObject()
                        .put("path", path)
                        .put("line", n + 1)
                        .put("column", m.start() + 1)
                        .put("text", excerpt(lines[n], m.start()));
                // an empty match (e.g. a lookahead) must still move on
                from = m.end() > m.start() ? m.end() : m.start() + 1;
            }
        }
        return false;
    }

    private static String excerpt(String line, int start) {
        if (line.length() <= MAX_LINE_CHARS) {
            return line;
        }
        int from = Math.max(0, Math.min(start - MAX_LINE_CHARS / 4, line.length() - MAX_LINE_CHARS));
        return line.substring(from, from + MAX_LINE_CHARS);
    }

    /** The file's content, or empty when it vanished, grew over the limit or cannot be read meanwhile. */
    private static Optional<byte[]> readQuietly(WorkspaceFiles files, String path) {
        try {
            return files.read(path);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static String summary(
            ArrayNode matches, int matchedFiles, int scanned, int skipped, boolean truncated, String revision) {
        StringBuilder text = new StringBuilder();
        text.append(matches.size())
                .append(matches.size() == 1 ? " match" : " matches")
                .append(" in ")
                .append(matchedFiles)
                .append(matchedFiles == 1 ? " file" : " files")
                .append(" (scanned ")
                .append(scanned)
                .append(", skipped ")
                .append(skipped)
                .append(truncated ? ", truncated" : "")
                .append("; revision ")
                .append(revision)
                .append(')');
        for (JsonNode match : matches) {
            text.append('\n')
                    .append(match.get("path").asText())
                    .append(':')
                    .append(match.get("line").asInt())
                    .append(':')
                    .append(match.get("column").asInt())
                    .append(": ")
                    .append(match.get("text").asText());
        }
        return text.toString();
    }
}
