from enum import StrEnum


class ImportModeType1(StrEnum):
    UPSERT = "upsert"

    def __str__(self) -> str:
        return str(self.value)
