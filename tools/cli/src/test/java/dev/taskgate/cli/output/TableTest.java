package dev.taskgate.cli.output;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableTest {
    @Test
    void alignsColumnsWithoutTrailingSpaces() {
        String table = new Table("ID", "STATUS", "NOTE")
                .row("tgx_1", "completed", null)
                .row("tgx_22", "working", "two\nlines")
                .render();

        assertThat(table).isEqualTo("""
                        ID      STATUS     NOTE
                        tgx_1   completed  -
                        tgx_22  working    two lines
                        """);
    }

    @Test
    void cutsLongCells() {
        String table = new Table("X").row("y".repeat(100)).render();
        assertThat(table.lines().skip(1).findFirst().orElseThrow())
                .hasSize(Table.MAX_CELL)
                .endsWith("…");
    }

    @Test
    void refusesARowOfTheWrongWidth() {
        assertThatThrownBy(() -> new Table("A", "B").row("only one")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fieldsAlignNamesAndShowNestedValuesAsJson() throws Exception {
        String fields = Fields.render(new ObjectMapper()
                .readTree("{\"execution_id\":\"tgx_1\",\"status\":\"working\",\"input_requests\":{\"k\":{}}}"));
        assertThat(fields).isEqualTo("""
                        execution_id:   tgx_1
                        status:         working
                        input_requests: {"k":{}}
                        """);
    }
}
