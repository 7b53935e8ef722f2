package dev.taskgate.examples.hoi4.scan;

import java.util.List;

/**
 * The script files of one game folder across the workspace roots.
 *
 * @param filesSeen how many files matched the folder
 * @param parsed the files that parsed, in workspace order
 * @param failed the files that did not, in workspace order
 */
public record ScanResult(int filesSeen, List<ParsedFile> parsed, List<FileFailure> failed) {

    public ScanResult {
        parsed = List.copyOf(parsed);
        failed = List.copyOf(failed);
    }
}
