from enum import StrEnum


class FileFormatType0(StrEnum):
    CSV = "csv"

    def __str__(self) -> str:
        return str(self.value)
