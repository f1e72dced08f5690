from enum import StrEnum


class GetProjectMilestonesSort(StrEnum):
    CREATED_AT = "created_at"
    END_DATE = "end_date"
    ID = "id"
    TITLE = "title"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-title"
    VALUE_7 = "-end_date"

    def __str__(self) -> str:
        return str(self.value)
