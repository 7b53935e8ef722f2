package dev.taskgate.examples.hoi4.script;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScriptParserTest {

    private static ScriptBlock parse(String text) throws ScriptParseException {
        return ScriptParser.parse("mod/test.txt", text);
    }

    @Test
    void parsesEntriesAndNestedBlocksWithPositions() throws Exception {
        ScriptBlock root = parse("focus_tree = {\n  id = GER\n  focus = {\n    id = GER_army\n    cost = 10\n  }\n}\n");

        assertThat(root.entries()).hasSize(1);
        ScriptEntry tree = root.entries().get(0);
        assertThat(tree.key()).isEqualTo("focus_tree");
        assertThat(tree.operator()).isEqualTo(Operator.ASSIGN);
        assertThat(tree.line()).isEqualTo(1);
        assertThat(tree.column()).isEqualTo(1);
        ScriptBlock treeBlock = tree.block().orElseThrow();
        assertThat(treeBlock.line()).isEqualTo(1);
        assertThat(treeBlock.column()).isEqualTo(14);
        assertThat(treeBlock.scalar("id").map(ScriptScalar::text)).contains("GER");

        ScriptEntry focus = treeBlock.all("focus").get(0);
        assertThat(focus.line()).isEqualTo(3);
        assertThat(focus.column()).isEqualTo(3);
        ScriptScalar cost = focus.block().orElseThrow().scalar("cost").orElseThrow();
        assertThat(cost.line()).isEqualTo(5);
        assertThat(cost.column()).isEqualTo(12);
        assertThat(cost.number()).contains(10.0);
    }

    @Test
    void keepsBareValuesOfListsInOrder() throws Exception {
        ScriptBlock root = parse("tags = { GER ITA \"JAP\" 12 }\npairs = { { a b } { c } }");

        ScriptBlock tags = root.blocks("tags").get(0);
        assertThat(tags.entries()).isEmpty();
        assertThat(tags.values()).extracting(v -> ((ScriptScalar) v).text()).containsExactly("GER", "ITA", "JAP", "12");
        assertThat(((ScriptScalar) tags.values().get(2)).quoted()).isTrue();
        assertThat(tags.values().get(1).column()).isEqualTo(14);

        ScriptBlock pairs = root.blocks("pairs").get(0);
        assertThat(pairs.values()).hasSize(2).allMatch(v -> v instanceof ScriptBlock);
        assertThat(((ScriptBlock) pairs.values().get(0)).values()).hasSize(2);
    }

    @Test
    void mixesEntriesAndBareValuesInOneBlock() throws Exception {
        ScriptBlock block = parse("x = { a = 1 b c = 2 }").blocks("x").get(0);

        assertThat(block.entries()).extracting(ScriptEntry::key).containsExactly("a", "c");
        assertThat(block.values()).extracting(v -> ((ScriptScalar) v).text()).containsExactly("b");
    }

    @Test
    void skipsCommentsButNotHashesInsideStrings() throws Exception {
        ScriptBlock root =
                parse("# a header\na = 1 # trailing } { =\nb = \"not # a comment\"\n#last line without newline");

        assertThat(root.entries()).extracting(ScriptEntry::key).containsExactly("a", "b");
        assertThat(root.scalar("b").map(ScriptScalar::text)).contains("not # a comment");
        assertThat(root.entries().get(1).line()).isEqualTo(3);
    }

    @Test
    void readsQuotedStringsWithEscapes() throws Exception {
        ScriptBlock root = parse("title = \"say \\\"hi\\\" to C:\\\\mods\"\n\"quoted key\" = yes\nempty = \"\"");

        assertThat(root.scalar("title").map(ScriptScalar::text)).contains("say \"hi\" to C:\\mods");
        assertThat(root.scalar("title").orElseThrow().quoted()).isTrue();
        assertThat(root.scalar("quoted key").map(ScriptScalar::text)).contains("yes");
        assertThat(root.scalar("empty").map(ScriptScalar::text)).contains("");
    }

    @Test
    void recognisesNumbersButNotQuotedOnes() throws Exception {
        ScriptBlock root = parse("a = 5 b = -2.5 c = 0.75 d = \"5\" e = GER f = +3 g = 1.5.2");

        assertThat(root.scalar("a").orElseThrow().number()).contains(5.0);
        assertThat(root.scalar("b").orElseThrow().number()).contains(-2.5);
        assertThat(root.scalar("c").orElseThrow().number()).contains(0.75);
        assertThat(root.scalar("f").orElseThrow().number()).contains(3.0);
        assertThat(root.scalar("d").orElseThrow().isNumber()).isFalse();
        assertThat(root.scalar("e").orElseThrow().isNumber()).isFalse();
        assertThat(root.scalar("g").orElseThrow().isNumber()).isFalse();
    }

    @Test
    void recognisesDates() throws Exception {
        ScriptBlock root = parse("start = 1936.1.1\nhour = 1939.9.1.12\nnumber = 1936.5\n1936.1.1 = { set = yes }");

        assertThat(root.scalar("start").orElseThrow().isDate()).isTrue();
        assertThat(root.scalar("start").orElseThrow().isNumber()).isFalse();
        assertThat(root.scalar("hour").orElseThrow().isDate()).isTrue();
        assertThat(root.scalar("number").orElseThrow().isDate()).isFalse();
        assertThat(root.blocks("1936.1.1")).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource({
        "a = 1, ASSIGN",
        "a == 1, EQUAL",
        "a != 1, NOT_EQUAL",
        "a < 1, LESS",
        "a <= 1, LESS_OR_EQUAL",
        "a > 1, GREATER",
        "a >= 1, GREATER_OR_EQUAL",
        "a>=1, GREATER_OR_EQUAL",
        "a<1, LESS"
    })
    void readsEveryOperator(String text, Operator expected) throws Exception {
        ScriptEntry entry = parse(text).entries().get(0);

        assertThat(entry.key()).isEqualTo("a");
        assertThat(entry.operator()).isEqualTo(expected);
        assertThat(entry.operator().symbol())
                .isEqualTo(text.replace("a", "").replace("1", "").strip());
        assertThat(entry.scalar().map(ScriptScalar::text)).contains("1");
    }

    @Test
    void skipsAByteOrderMarkAndCountsColumnsAfterIt() throws Exception {
        byte[] bytes = "\uFEFFid = GER\n  x = 1".getBytes(StandardCharsets.UTF_8);

        ScriptBlock root = ScriptParser.parse("mod/bom.txt", bytes);

        assertThat(root.entries().get(0).key()).isEqualTo("id");
        assertThat(root.entries().get(0).column()).isEqualTo(1);
        assertThat(root.entries().get(1).line()).isEqualTo(2);
        assertThat(root.entries().get(1).column()).isEqualTo(3);
    }

    @Test
    void readsWindowsLineEndingsAndTabs() throws Exception {
        ScriptBlock root = parse("a = 1\r\n\tb = {\r\n\t\tc = 2\r\n\t}\r\n");

        assertThat(root.entries().get(1).line()).isEqualTo(2);
        assertThat(root.entries().get(1).column()).isEqualTo(2);
        assertThat(root.blocks("b").get(0).scalar("c").orElseThrow().line()).isEqualTo(3);
    }

    @Test
    void acceptsAnEmptyFileAndEmptyBlocks() throws Exception {
        assertThat(parse("").entries()).isEmpty();
        assertThat(parse("  # only a comment\n").entries()).isEmpty();
        assertThat(parse("a = {}").blocks("a").get(0).entries()).isEmpty();
    }

    @Test
    void findsEntriesByKey() throws Exception {
        ScriptBlock root = parse("p = { focus = A focus = B } p = { focus = C } x = yes y = no");

        assertThat(root.blocks("p")).hasSize(2);
        assertThat(root.blocks("p").get(0).scalars("focus")).containsExactly("A", "B");
        assertThat(root.all("p")).extracting(ScriptEntry::column).containsExactly(1, 29);
        assertThat(root.isYes("x")).isTrue();
        assertThat(root.isYes("y")).isFalse();
        assertThat(root.isYes("missing")).isFalse();
        assertThat(root.scalar("p")).isEmpty();
        assertThat(root.all("x").get(0).block()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            unclosed brace                 | a = {\\n  b = { c = 1 }\\n                | 1 | 5  | '{' is never closed
            inner brace closes the outer  | a = {\\n  b = { c = 1\\n}                 | 1 | 5  | '{' is never closed
            stray closing brace            | a = 1\\n  }\\n                           | 2 | 3  | '}' without a matching '{'
            missing value before brace     | a = { b = }                             | 1 | 9  | missing value after '=' (found '}')
            missing value at end of file   | a = 1\\nb =                             | 2 | 3  | missing value after '=' (found the end of the file)
            two operators                  | a = = 1                                 | 1 | 3  | missing value after '=' (found '=')
            missing value after comparison | a >=                                    | 1 | 3  | missing value after '>='
            operator without a key         | = 1                                     | 1 | 1  | '=' without a key before it
            operator after a block         | a = { } = 1                             | 1 | 9  | '=' without a key before it
            unterminated string            | a = 1\\ntitle = "never closed           | 2 | 9  | unterminated string
            string broken by a newline     | title = "one\\ntwo"                     | 1 | 9  | unterminated string
            lone exclamation mark          | a ! 1                                   | 1 | 3  | '!' must be followed by '='
            """)
    void refusesMalformedInputNamingFileLineAndColumn(String name, String text, int line, int column, String problem) {
        String script = text.replace("\\n", "\n");

        assertThatThrownBy(() -> parse(script)).isInstanceOfSatisfying(ScriptParseException.class, e -> {
            assertThat(e.file()).isEqualTo("mod/test.txt");
            assertThat(e.line()).isEqualTo(line);
            assertThat(e.column()).isEqualTo(column);
            assertThat(e.problem()).contains(problem);
            assertThat(e.getMessage()).startsWith("mod/test.txt:" + line + ":" + column + ": ");
        });
    }

    @Test
    void refusesNestingDeeperThanTheLimit() throws Exception {
        String ok = "a = { ".repeat(ScriptParser.MAX_DEPTH) + "}".repeat(ScriptParser.MAX_DEPTH);
        assertThat(parse(ok).entries()).hasSize(1);

        String tooDeep = "a = { ".repeat(ScriptParser.MAX_DEPTH + 1) + "}".repeat(ScriptParser.MAX_DEPTH + 1);
        assertThatThrownBy(() -> parse(tooDeep)).isInstanceOfSatisfying(ScriptParseException.class, e -> {
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(ScriptParser.MAX_DEPTH * 6 + 5);
            assertThat(e.problem()).contains("nested deeper than 256");
        });
    }

    @Test
    void refusesMoreEntriesThanTheLimit() {
        String tooMany = "a ".repeat(ScriptParser.MAX_ITEMS + 1);

        assertThatThrownBy(() -> parse(tooMany)).isInstanceOfSatisfying(ScriptParseException.class, e -> {
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(ScriptParser.MAX_ITEMS * 2 + 1);
            assertThat(e.problem()).contains("more than " + ScriptParser.MAX_ITEMS);
        });
    }

    @Test
    void readsMalformedUtf8AsReplacementCharacters() throws Exception {
        byte[] bytes = {'a', ' ', '=', ' ', (byte) 0xC3, (byte) 0x28};

        ScriptBlock root = ScriptParser.parse("mod/latin1.txt", bytes);

        assertThat(root.scalar("a").map(ScriptScalar::text)).contains("\uFFFD(");
    }

    @Test
    void exposesWhichOperatorsExist() {
        assertThat(List.of(Operator.values()))
                .extracting(Operator::symbol)
                .containsExactly("=", "==", "!=", "<", "<=", ">", ">=");
        assertThatThrownBy(() -> Operator.of("=>")).isInstanceOf(IllegalArgumentException.class);
    }
}
