package dev.taskgate.examples.hoi4.scan;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScriptFolderScanTest {
    private final ScriptFolderScan scan = new ScriptFolderScan("common/national_focus");

    @Test
    void readsOnlyTextFilesDirectlyInsideTheFolderOfEachRoot() {
        List<String> paths = List.of(
                "mod/common/national_focus/germany.txt",
                "submod/common/national_focus/italy.txt",
                "mod/common/national_focus/old/unused.txt",
                "mod/common/national_focus/notes.md",
                "mod/common/national_focus/.txt",
                "mod/common/national_focus_extra/x.txt",
                "mod/mod/common/national_focus/nested.txt",
                "common/national_focus/no_root.txt",
                "germany.txt");

        assertThat(scan.matching(paths))
                .containsExactly("mod/common/national_focus/germany.txt", "submod/common/national_focus/italy.txt");
    }
}
