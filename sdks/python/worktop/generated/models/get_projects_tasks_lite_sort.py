from enum import StrEnum


class GetProjectsTasksLiteSort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"
    ID = "id"
    TITLE = "title"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-title"
    VALUE_9 = "-due_date"

    def __str__(self) -> str:
        return str(self.value)
