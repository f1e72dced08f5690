from enum import StrEnum


class FileFormatType1(StrEnum):
    JSONL = "jsonl"

    def __str__(self) -> str:
        return str(self.value)
