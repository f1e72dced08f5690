from enum import StrEnum


class ImportModeType2(StrEnum):
    DRY_RUN = "dry_run"

    def __str__(self) -> str:
        return str(self.value)
