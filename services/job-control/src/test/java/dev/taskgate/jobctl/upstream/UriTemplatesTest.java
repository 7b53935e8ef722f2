package dev.taskgate.jobctl.upstream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UriTemplatesTest {

    @Test
    void aSimpleExpressionMatchesOneSegment() {
        assertThat(UriTemplates.matches("demo://resource/dynamic/blob/{id}", "demo://resource/dynamic/blob/3"))
                .isTrue();
        assertThat(UriTemplates.matches("demo://resource/dynamic/blob/{id}", "demo://resource/dynamic/blob/3/x"))
                .isFalse();
        assertThat(UriTemplates.matches("demo://resource/dynamic/blob/{id}", "demo://resource/dynamic/text/3"))
                .isFalse();
    }

    @Test
    void reservedAndPathAndQueryExpressionsMatchWhatTheyExpandTo() {
        assertThat(UriTemplates.matches("file:///{+path}", "file:///a/b/c.txt")).isTrue();
        assertThat(UriTemplates.matches("repo://x{/segments}", "repo://x/a/b")).isTrue();
        assertThat(UriTemplates.matches("search://q{?term,limit}", "search://q?term=a&limit=2"))
                .isTrue();
        assertThat(UriTemplates.matches("search://q{?term}", "search://q")).isTrue();
    }

    @Test
    void literalTextIsTakenLiterallyAndABrokenTemplateMatchesNothing() {
        assertThat(UriTemplates.matches("a.b://{x}", "aXb://1")).isFalse();
        assertThat(UriTemplates.matches("a://{x", "a://{x")).isFalse();
        assertThat(UriTemplates.matches("a://fixed", "a://fixed")).isTrue();
    }
}
